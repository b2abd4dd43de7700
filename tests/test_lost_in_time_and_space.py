"""Ruling 6: lost in time and space is still in play, until the Ancient One awakes.

A closed or sealed victory counts such a seat as surviving (+1); a banished victory refuses
it on the seat's field (the result form, the admin, the import, the write path), and the
stored games were brought in line by migration 0014, each change with a history entry.
"""

import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.utils.html import escape

from games import rules
from games.imports.importer import results_import
from games.models import Seat, Session
from games.summaries import summaries_differences, summaries_rebuild
from tests.addresses import reverse
from tests.factories import UserFactory, first_league, game, result_form_data, seat
from tests.test_admin import session_post
from tests.test_import import csv_file, messages, rows_of

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")
REFUSAL = "when the Ancient One awoke they were devoured: record them as devoured"
MIGRATION = importlib.import_module("games.migrations.0014_lost_in_time_and_space")


@pytest.fixture
def member(client):
    client.force_login(UserFactory(username="ann"))


def lost_seats(**first):
    return [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 2, **first},
        {"player_name": "Bob", "investigator": "Bob Jenkins", "ended": "lost"},
    ]


@pytest.mark.parametrize("outcome", ["closed", "sealed"])
def test_a_lost_seat_counts_as_surviving_when_the_gates_are_closed_or_sealed(
    client, member, outcome
):
    response = client.post(NEW, result_form_data(outcome=outcome, seats=lost_seats()))
    assert response.status_code == 302
    session = Session.objects.get()
    assert session.survivors == 2
    # Cthulhu 13 - terror 2 + 2 gate trophies + 2 sane, surviving investigators
    assert session.score == 13 - 2 + 2 + 2
    assert ("Sane, surviving investigators", 2, 2) in [
        (term.label, term.count, term.points) for term in session.breakdown()
    ]


def test_a_lost_seat_is_refused_in_a_banished_game_on_its_field_with_the_answers_kept(
    client, member
):
    data = result_form_data(outcome="banished", seats=lost_seats(), location="Club night")
    response = client.post(NEW, data)
    assert response.status_code == 200
    assert not Session.objects.exists()
    seats = response.context["seats"]
    assert seats.forms[1].errors["ended"] == [rules.LOST_WHEN_AWOKEN]
    assert "ended" not in seats.forms[0].errors
    # Everything typed comes back: the seat still says lost, until the submitter changes it.
    assert seats.forms[1]["ended"].value() == "lost"
    assert seats.forms[1]["player_name"].value() == "Bob"
    assert response.context["form"]["outcome"].value() == "banished"
    assert response.context["form"]["location"].value() == "Club night"
    html = response.content.decode()
    assert escape(REFUSAL) in html
    assert 'href="#id_seats-1-ended"' in html  # the error summary links to the field


def test_a_devoured_seat_is_accepted_in_the_same_banished_game(client, member):
    seats = lost_seats()
    seats[1]["ended"] = "devoured"
    response = client.post(NEW, result_form_data(outcome="banished", seats=seats))
    assert response.status_code == 302
    assert Session.objects.get().survivors == 1


def test_a_lost_seat_in_a_defeat_is_kept_with_no_score(client, member):
    data = result_form_data(outcome="defeat", defeat_cause="other", notes="Ran out of time")
    data["seats-1-ended"] = "lost"
    assert client.post(NEW, data).status_code == 302
    session = Session.objects.get()
    assert (session.score, session.survivors) == (None, 1)


def test_the_import_refuses_it_at_the_seat_line_and_column():
    rows = rows_of(**{"Outcome": "banished", "Elder sign tokens": "0"})
    rows[1]["Seat ended"] = "lost"
    report = results_import(csv_file(rows), "results.csv", league=first_league())
    assert not report.written and not Session.objects.exists()
    assert messages(report) == [(3, "Seat ended", rules.LOST_WHEN_AWOKEN)]


def test_the_import_scores_a_lost_seat_of_a_sealed_game():
    rows = rows_of()
    rows[1]["Seat ended"] = "lost"
    report = results_import(csv_file(rows), "results.csv", league=first_league())
    assert report.written
    assert Session.objects.get().survivors == 2


def test_the_write_path_refuses_it_without_a_form():
    with pytest.raises(ValidationError) as refused:
        game(outcome="banished", seats=[seat("Ann", "Amanda Sharpe", ended="lost")])
    assert refused.value.message_dict["__all__"] == [f"Seat 1: {rules.LOST_WHEN_AWOKEN}"]
    assert not Session.objects.exists()


def test_the_admin_refuses_it_on_the_seat(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    seats = [{"investigator": "Amanda Sharpe", "ended": "lost"}]
    data = session_post(outcome="banished", seats=seats, elder_sign_tokens=0)
    response = client.post(reverse("admin:games_session_add"), data)
    assert response.status_code == 200
    assert not Session.objects.exists()
    inline = response.context["inline_admin_formsets"][0].formset
    assert inline.forms[0].errors["ended"] == [rules.LOST_WHEN_AWOKEN]


def test_the_api_shows_the_survivor_point(client):
    session = game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins", ended="lost")])
    data = client.get(f"/api/games/{session.pk}").json()
    assert [seat["ended"] for seat in data["seats"]] == ["sane", "lost"]
    assert {"label": "Sane, surviving investigators", "count": 2, "points": 2} in data[
        "score_breakdown"
    ]
    assert data["score"] == session.score == 13 - 2 + 2


def test_the_rules_page_states_the_ruling(client):
    html = client.get(reverse("league:rules")).content.decode()
    ruling = html[html.index('id="lost-in-time-and-space"') :]
    ruling = ruling[: ruling.index("</li>")]
    assert "<strong>lost in time and space</strong> is still in play" in ruling
    assert "closing or sealing the gates that seat counts as a sane, surviving investigator" in (
        ruling
    )
    assert "investigators lost in time and space are devoured" in ruling
    assert "record such a seat as devoured" in ruling


# -- the stored games: migration 0014 ---------------------------------------------------------


def stored_under_the_old_rule(session: Session) -> Session:
    """The game as the old rule stored it: its lost seats not counted as surviving."""
    lost = session.seats.filter(ended="lost").count()
    Session.objects.filter(pk=session.pk).update(
        survivors=session.survivors - lost, score=session.score - lost
    )
    summaries_rebuild()
    return Session.objects.get(pk=session.pk)


def test_the_migration_rescores_closed_and_sealed_games_with_a_history_entry():
    seats = [seat("Ann", "Amanda Sharpe", gate_trophies=2), seat("Bob", "Bob Jenkins")]
    seats[1].ended = "lost"
    old = stored_under_the_old_rule(game(outcome="closed", seats=seats))
    untouched = game(seats=[seat("Cy", "Carolyn Fern")])
    records = {s.pk: s.history.count() for s in (old, untouched)}

    MIGRATION.apply_ruling(apps, None)

    new = Session.objects.get(pk=old.pk)
    assert (new.survivors, new.score) == (old.survivors + 1, old.score + 1)
    assert new.version == old.version + 1
    assert old.history.count() == records[old.pk] + 1
    entry = new.history.order_by("-history_date", "-history_id").first()
    assert entry.history_change_reason == MIGRATION.RESCORED
    assert entry.score == old.score + 1
    assert untouched.history.count() == records[untouched.pk]
    assert summaries_differences() == []


def test_the_migration_records_a_banished_games_lost_seat_as_devoured():
    banished = game(
        outcome="banished",
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins", ended="devoured")],
    )
    defeat = game(outcome="defeat", defeat_cause="devoured", seats=[seat("Cy", "Carolyn Fern")])
    # Stored before the form refused it.
    Seat.objects.filter(session__in=[banished, defeat], position__gt=1).update(ended="lost")
    Seat.objects.filter(session=defeat).update(ended="lost")
    summaries_rebuild()  # the summaries agreed with what was stored (seat endings count)
    before = Session.objects.get(pk=banished.pk)

    MIGRATION.apply_ruling(apps, None)

    lost_seat = Seat.objects.get(session=banished, position=2)
    assert lost_seat.ended == "devoured"
    record = lost_seat.history.order_by("-history_date", "-history_id").first()
    assert (record.ended, record.history_change_reason) == ("devoured", MIGRATION.DEVOURED)
    after = Session.objects.get(pk=banished.pk)
    assert (after.score, after.survivors) == (before.score, before.survivors)
    # A defeat keeps no score: left as it was.
    assert Seat.objects.get(session=defeat).ended == "lost"
    assert summaries_differences() == []


def test_the_migration_leaves_a_league_without_lost_seats_alone(django_assert_num_queries):
    game(seats=[seat("Ann", "Amanda Sharpe", ended="devoured")])
    with django_assert_num_queries(1):
        MIGRATION.apply_ruling(apps, None)
