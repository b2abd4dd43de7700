"""The game page, editing one's own game, "My games", and the history page.

Who may do what is the permission matrix in test_game_permissions.py.
"""

import pytest
from django.utils import translation

from games.history import session_history
from tests.addresses import reverse
from tests.budgets import FILTER_CHOICES, LEAGUE_READ, MEMBER_NAV
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    submitter = UserFactory(username="sub")
    PlayerFactory(name="Ann", user=submitter)
    return {
        "anon": None,
        "other": UserFactory(username="other"),
        "submitter": submitter,
        "moderator": moderator("boss"),
    }


def make_game(people, status):
    return game(status=status, submitted_by=people["submitter"])


def url(name, session):
    return reverse(f"games:{name}", kwargs={"pk": session.pk})


def test_the_game_page_offers_only_allowed_actions(client, people):
    session = make_game(people, "pending")
    client.force_login(people["submitter"])
    html = client.get(url("detail", session)).content.decode()
    assert url("edit", session) in html and url("withdraw", session) in html
    assert url("history", session) not in html
    session.status = "approved"
    session.save()
    html = client.get(url("detail", session)).content.decode()
    assert url("edit", session) not in html


def test_the_game_page_shows_score_breakdown_first_citizen_and_boxes(client, people):
    session = game(
        outcome="closed",
        boxes=("Arkham Horror", "Dunwich Horror"),
        seats=[seat("Ann", "Amanda Sharpe", gate_trophies=2), seat("Bob", "Bob Jenkins")],
    )
    response = client.get(url("detail", session))
    html = response.content.decode()
    assert [p.name for p in response.context["first_citizens"]] == ["Ann"]
    assert "Printed doom track of the Ancient One" in html
    assert "Dunwich Horror" in html
    assert f"Victory score: {session.score}" in html
    assert 'class="badge approved"' in html


def test_a_submitter_edit_keeps_the_game_pending_and_rescored(client, people):
    session = make_game(people, "pending")
    client.force_login(people["submitter"])
    data = result_form_data(
        outcome="closed",
        initial_rows=2,
        seats=[
            {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 2},
            {"player_name": "Bob", "investigator": "Bob Jenkins", "gate_trophies": 1},
        ],
    )
    response = client.post(url("edit", session), data)
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.outcome, session.status, session.gate_trophies) == ("closed", "pending", 3)
    assert session.score == 13 - 2 + 3 + 2
    assert session.submitted_by == people["submitter"]


def test_the_edit_form_shows_the_saved_seats(client, people):
    session = make_game(people, "pending")
    client.force_login(people["submitter"])
    response = client.get(url("edit", session))
    forms = response.context["seats"].forms
    assert [f["player_name"].value() for f in forms[:3]] == ["Ann", "Bob", None]
    assert forms[0]["gate_trophies"].value() == 1
    assert response.context["form"]["outcome"].value() == "sealed"


def test_moderator_edits_keep_the_status_and_land_in_the_history(client, people):
    session = make_game(people, "approved")
    client.force_login(people["moderator"])
    client.post(url("edit", session), result_form_data(terror_level=4, initial_rows=2))
    session.refresh_from_db()
    assert (session.status, session.terror_level) == ("approved", 4)
    response = client.get(url("history", session))
    assert response.status_code == 200
    entries = response.context["entries"]
    changes = [change for entry in entries for change in entry.changes]
    assert ("terror level", 2, 4) in [(str(label), old, new) for label, old, new in changes]
    assert any(entry.who == people["moderator"] for entry in entries)
    assert "Seat" in response.content.decode()


def test_the_history_says_how_a_seat_ended_mid_sentence_in_each_language(people):
    session = game(seats=[seat("Ann", ended="lost")])
    with translation.override("en"):
        (seat_entry,) = [e for e in session_history(session) if e.subject.startswith("Seat")]
        assert "Ann as Amanda Sharpe — lost in time and space, " in seat_entry.subject
    with translation.override("de"):  # German nouns keep their capitals
        (seat_entry,) = [e for e in session_history(session) if e.subject.startswith("Platz")]
        assert " — in Zeit und Raum verloren, " in seat_entry.subject


def test_my_games_lists_only_my_submissions_with_status(client, people):
    mine = [make_game(people, "pending"), make_game(people, "approved")]
    game(submitted_by=people["other"])
    client.force_login(people["submitter"])
    response = client.get(reverse("games:mine"))
    assert list(response.context["games"]) == sorted(mine, key=lambda s: -s.pk)
    html = response.content.decode()
    assert "Pending" in html and "Approved" in html


def test_my_games_needs_login(client):
    assert client.get(reverse("games:mine")).status_code == 302


@pytest.mark.parametrize("count", [1, 20])
def test_my_games_query_count_does_not_grow(client, people, count, django_assert_max_num_queries):
    for _ in range(count):
        make_game(people, "approved")
    client.force_login(people["submitter"])
    # One query of them lists the team invitations waiting for the user, however many;
    # three more are the games filter's choice lists (Ancient Ones, investigators, players),
    # read from the cache and, this first time, stored there.
    with django_assert_max_num_queries(10 + MEMBER_NAV + FILTER_CHOICES + LEAGUE_READ):
        response = client.get(reverse("games:mine"))
    assert len(response.context["games"]) == count
