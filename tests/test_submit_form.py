"""The result form at /games/new/: defaults, every rule, re-rendering, saving, duplicates."""

import datetime
import re

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Player, Seat, Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data, seat

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")


@pytest.fixture
def user(client):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    client.force_login(user)
    return user


def post(client, **kwargs):
    return client.post(NEW, result_form_data(**kwargs))


def row_counts():
    return Session.objects.count(), Seat.objects.count(), Player.objects.count()


def test_the_form_needs_login(client):
    response = client.get(NEW)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_form_opens_with_sensible_defaults(client, user):
    response = client.get(NEW)
    html = response.content.decode()
    form = response.context["form"]
    assert response.status_code == 200
    assert form["played_on"].value() == timezone.localdate()
    assert [box.name for box in form["boxes"].initial] == ["Arkham Horror"]
    assert "Cthulhu (doom track 13)" in html
    assert "Six or more elder sign tokens were on the board." in html  # outcome rule text
    assert len(response.context["seats"].forms) == 8
    assert response.context["seats"].forms[0]["player_name"].value() == "Ann"
    # Names come from games:player_search while typing, never the whole league in the page.
    search = reverse("games:player_search")
    assert f'<datalist id="player-names" data-search-url="{search}"></datalist>' in html
    assert 'list="player-names"' in html and "data-player-search" in html
    assert 'data-box="' in html  # investigators carry their box for the browser filter
    for label in ("Date played", "Boxes in play", "Terror level at the end", "Unpaid Bank Loans"):
        assert label in html


def test_a_valid_sealed_victory_is_saved_and_shown(client, user):
    PlayerFactory(name="Bob")
    response = post(
        client,
        seats=[
            {"player_name": "ann", "investigator": "Amanda Sharpe", "gate_trophies": 2},
            {"player_name": "Bob", "investigator": "Bob Jenkins", "monster_trophies": 3},
            {"player_name": "Cy  Newcomer", "investigator": "Vincent Lee", "ended": "devoured"},
        ],
        location="Miskatonic pub",
    )
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", kwargs={"pk": session.pk})
    assert session.status == "pending"
    assert session.submitted_by == user
    assert session.location == "Miskatonic pub"
    # 13 doom - 2 terror + 2 gates + 1 (3 monsters) + 2 survivors
    assert session.score == 13 - 2 + 2 + 1 + 2
    assert [s.player.name for s in session.seats.all()] == ["Ann", "Bob", "Cy Newcomer"]
    assert Player.objects.count() == 3  # Ann and Bob reused, Cy created
    assert session.seats.get(first_citizen=True).player.name == "Ann"


def test_a_new_game_is_written_once_with_one_history_row(client, user):
    """Its totals and score are set before its row is written: one "created" version of
    the game, holding its boxes and score, and one of each seat, by the submitter."""
    PlayerFactory(name="Bob")
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe"},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
    ]
    assert post(client, seats=seats).status_code == 302
    session = Session.objects.get()
    (created,) = session.history.all()
    assert (created.history_type, created.history_user) == ("+", user)
    assert (created.score, created.investigator_count) == (session.score, 2)
    assert [row.box for row in created.boxes.all()] == list(session.boxes.all())
    seats = Seat.history.filter(session_id=session.pk)
    assert sorted((row.history_type, row.position) for row in seats) == [("+", 1), ("+", 2)]
    assert session.version == 1
    client.force_login(moderator("boss"))
    entries = client.get(reverse("games:history", kwargs={"pk": session.pk})).context["entries"]
    game_entries = [entry for entry in entries if entry.subject == "Game"]
    assert [(entry.action, entry.changes) for entry in game_entries] == [("Created", [])]


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_moderators_submissions_are_approved_at_once_and_they_are_told(client):
    client.force_login(moderator())
    response = post(client)
    assert Session.objects.get().status == "approved"
    assert said(response) == ["Game saved and approved: a moderator's own results count at once."]


def test_auto_approve_setting_approves_everyone_and_says_so(client, user, settings):
    settings.LEAGUE_AUTO_APPROVE = True
    response = post(client)
    assert Session.objects.get().status == "approved"
    assert said(response) == ["Game saved and approved: this league counts every result at once."]


def test_a_members_game_waits_for_a_moderator_and_the_message_says_so(client, user):
    response = post(client)
    assert said(response) == ["Game saved. It counts in the league once a moderator approves it."]


def test_status_and_submitter_cannot_be_forged(client, user):
    other = UserFactory(username="mallory")
    post(client, status="approved", submitted_by=other.pk, score=99)
    session = Session.objects.get()
    assert (session.status, session.submitted_by, session.score) == (
        "pending",
        user,
        13 - 2 + 1 + 2,
    )


def test_spare_rows_and_removed_rows_are_ignored(client, user):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1},
        {"player_name": "Gone", "investigator": "Vincent Lee", "DELETE": "on"},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
    ]
    assert post(client, seats=seats).status_code == 302
    session = Session.objects.get()
    assert [s.player.name for s in session.seats.all()] == ["Ann", "Bob"]
    assert not Player.objects.filter(name="Gone").exists()


DUNWICH = ("Arkham Horror", "Dunwich Horror")
KING = ("Arkham Horror", "The King in Yellow")


@pytest.mark.parametrize(
    ("kwargs", "where", "fragment"),
    [
        ({"terror_level": 11}, "terror_level", "0 to 10"),
        ({"terror_level": -1}, "terror_level", "greater than or equal to 0"),
        ({"elder_signs_played": "two"}, "elder_signs_played", "whole number"),
        ({"elder_sign_tokens": 5}, "elder_sign_tokens", "6 or more"),
        ({"outcome": "banished", "ancient_one": "Azathoth"}, "outcome", "cannot be banished"),
        ({"outcome": "defeat"}, "defeat_cause", "Say how"),
        ({"outcome": "defeat", "defeat_cause": "azathoth"}, "defeat_cause", "Only Azathoth"),
        (
            {"outcome": "defeat", "defeat_cause": "devoured", "ancient_one": "Azathoth"},
            "defeat_cause",
            "never fought",
        ),
        ({"outcome": "defeat", "defeat_cause": "act-iii"}, "defeat_cause", "Act III"),
        ({"outcome": "defeat", "defeat_cause": "other"}, "notes", "Say in the notes"),
        ({"played_on": "2999-01-01"}, "played_on", "future"),
        ({"played_on": "2026-02-30"}, "played_on", "valid date"),
        ({"ancient_one": "Abhoth"}, "ancient_one", "comes with Dunwich Horror"),
        ({"outcome": "nothing"}, "outcome", "valid choice"),
        ({"boxes": []}, "boxes", "required"),
        (
            {"herald": "Ghroth", "boxes": DUNWICH},
            "herald",
            "comes with Kingsport Horror",
        ),
        (
            {
                "outcome": "closed",
                "seats": [{"player_name": "Ann", "investigator": "Amanda Sharpe"}],
            },
            "outcome",
            "Closing the gates needs",
        ),
    ],
)
def test_each_broken_rule_is_refused_next_to_its_field(client, user, kwargs, where, fragment):
    for name in ("herald", "guardian"):
        if name in kwargs:
            from games.models import Guardian, Herald

            model = Herald if name == "herald" else Guardian
            kwargs[name] = model.objects.get(name=kwargs[name]).pk
    before = row_counts()
    response = post(client, **kwargs)
    assert response.status_code == 200
    errors = response.context["form"].errors[where]
    assert any(fragment in message for message in errors), errors
    assert row_counts() == before
    assert "Some answers need fixing" in response.content.decode()


@pytest.mark.parametrize(
    ("seats", "row", "where", "fragment"),
    [
        (
            [
                {"player_name": "Ann", "investigator": "Amanda Sharpe"},
                {"player_name": "Bob", "investigator": "Amanda Sharpe"},
            ],
            1,
            "investigator",
            "already plays in seat 1",
        ),
        (
            [{"player_name": "Ann", "investigator": "Diana Stanley"}],
            0,
            "investigator",
            "comes with Dunwich Horror",
        ),
        (
            [{"player_name": "Ann", "investigator": "Amanda Sharpe", "unpaid_loans": 2}],
            0,
            "unpaid_loans",
            "at most 1 unpaid loan",
        ),
        (
            [{"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": -1}],
            0,
            "gate_trophies",
            "greater than or equal to 0",
        ),
        (
            [{"player_name": "Ann", "investigator": "Amanda Sharpe", "monster_trophies": "x"}],
            0,
            "monster_trophies",
            "whole number",
        ),
        ([{"player_name": "", "investigator": "Amanda Sharpe"}], 0, "player_name", "required"),
        ([{"player_name": "Ann", "investigator": ""}], 0, "investigator", "required"),
        (
            [{"player_name": "Ann", "investigator": "Amanda Sharpe", "ended": "eaten"}],
            0,
            "ended",
            "valid choice",
        ),
    ],
)
def test_each_broken_seat_rule_is_refused_on_its_row(client, user, seats, row, where, fragment):
    before = row_counts()
    response = post(client, seats=seats)
    errors = response.context["seats"].forms[row].errors[where]
    assert any(fragment in message for message in errors), errors
    assert row_counts() == before


def test_loans_may_cover_replaced_investigators(client, user):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "replaced": 1, "unpaid_loans": 2}
    ]
    assert post(client, seats=seats).status_code == 302
    assert Session.objects.get().unpaid_loans == 2


def test_act_iii_is_accepted_with_the_king_in_yellow(client, user):
    response = post(client, outcome="defeat", defeat_cause="act-iii", boxes=KING)
    assert response.status_code == 302
    assert Session.objects.get().score is None


def test_a_stale_defeat_cause_is_dropped_for_a_victory(client, user):
    assert post(client, defeat_cause="devoured").status_code == 302
    assert Session.objects.get().defeat_cause == ""


def test_a_table_without_seats_is_refused(client, user):
    removed = {"player_name": "Ann", "investigator": "Amanda Sharpe", "DELETE": "on"}
    response = post(client, seats=[removed])
    assert "Record at least one seat." in response.context["seats"].non_form_errors()
    assert row_counts() == (0, 0, 1)


def test_every_typed_value_comes_back_after_an_error(client, user):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "monster_trophies": 4},
        {"player_name": "Brand New", "investigator": "Bob Jenkins", "replaced": 1},
        {"player_name": "Cy", "investigator": "Vincent Lee", "ended": "retired", "unpaid_loans": 1},
    ]
    response = post(
        client,
        outcome="closed",
        seats=seats,
        terror_level=7,
        elder_signs_played=2,
        location="Kingsport Library",
        notes="Close one",
        played_on="2026-03-04",
    )
    html = response.content.decode()
    assert "Closing the gates needs" in html
    assert re.search(r'<input type="radio" name="outcome" value="closed"[^>]* checked>', html)
    for fragment in (
        'value="Brand New"',
        'value="Cy"',
        'value="7"',
        'value="2026-03-04"',
        'value="Kingsport Library"',
        "Close one</textarea>",
        '<option value="retired" selected>',
    ):
        assert fragment in html, fragment
    seats_formset = response.context["seats"]
    assert seats_formset.forms[0]["monster_trophies"].value() == "4"
    assert seats_formset.forms[1]["replaced"].value() == "1"
    assert seats_formset.forms[2]["unpaid_loans"].value() == "1"
    assert str(seats_formset.forms[1]["investigator"].value()) == str(
        seats_formset.forms[1].fields["investigator"].queryset.get(name="Bob Jenkins").pk
    )
    assert row_counts() == (0, 0, 1)


def test_a_failed_save_leaves_no_rows(client, user, monkeypatch):
    """New players are created inside the transaction: a late failure removes them too."""

    def broken_record(**kwargs):
        raise ValidationError({"__all__": ["The database refused the game."]})

    monkeypatch.setattr("games.forms.submission.session_record", broken_record)
    seats = [{"player_name": "Newcomer", "investigator": "Amanda Sharpe"}]
    response = post(client, seats=seats)
    assert response.status_code == 200
    assert "The database refused the game." in response.content.decode()
    assert row_counts() == (0, 0, 1)


def test_a_database_error_mid_save_rolls_everything_back(client, user, monkeypatch):
    from games import recording

    original = recording.models_create

    def failing_create(model, objs, **kwargs):
        # The game's row is written by now; its seats are refused.
        if model is Seat and Session.objects.exists():
            raise ValidationError({"investigator": ["Seat refused."]})
        return original(model, objs, **kwargs)

    monkeypatch.setattr(recording, "models_create", failing_create)
    response = post(client)
    assert response.status_code == 200
    assert row_counts() == (0, 0, 1)


def test_a_possible_duplicate_needs_confirmation(client, user):
    existing = game(
        played_on=datetime.date(2026, 1, 10),
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")],
    )
    response = post(client)
    assert response.status_code == 200
    assert response.context["submission"].duplicates == [existing]
    assert existing.get_absolute_url() in response.content.decode()
    html = response.content.decode()
    # A warning to confirm, not an error to fix.
    assert response.context["submission"].needs_duplicate_confirmation
    assert not response.context["form"].errors
    assert "Some answers need fixing" not in html
    assert 'class="message warning"' in html and 'role="alert"' not in html
    assert Session.objects.count() == 1

    assert post(client, confirm_duplicate="on").status_code == 302
    assert Session.objects.count() == 2


def test_a_submission_reads_its_seats_players_once(client, user):
    """The new-name check, the duplicate warning and the save share one read of them."""
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    with CaptureQueriesContext(connection) as captured:
        assert post(client, played_on="2026-01-11").status_code == 302
    by_name = [q["sql"] for q in captured if '"games_player"."name_key" IN' in q["sql"]]
    assert len(by_name) == 1, by_name
    assert Session.objects.count() == 2


def test_other_players_or_dates_are_no_duplicate(client, user):
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Cy", "Bob Jenkins")])
    game(
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")],
        played_on=datetime.date(2026, 1, 9),
    )
    assert post(client).status_code == 302


def test_the_no_javascript_preview_button_shows_the_score_without_saving(client, user):
    response = post(client, action="preview")
    assert response.status_code == 200
    assert response.context["preview"].score == 13 - 2 + 1 + 2
    assert Session.objects.count() == 0
