"""Who sees, edits, withdraws and moderates a game; "My games"; the staff history page."""

import pytest
from django.urls import reverse

from games.models import Session
from tests.factories import PlayerFactory, UserFactory, game, result_form_data, seat

pytestmark = pytest.mark.django_db

ROLES = ("anon", "other", "submitter", "staff")


@pytest.fixture
def people():
    submitter = UserFactory(username="sub")
    PlayerFactory(name="Ann", user=submitter)
    return {
        "anon": None,
        "other": UserFactory(username="other"),
        "submitter": submitter,
        "staff": UserFactory(username="boss", is_staff=True),
    }


def as_role(client, people, role):
    if people[role] is not None:
        client.force_login(people[role])
    return client


def make_game(people, status):
    return game(status=status, submitted_by=people["submitter"])


def url(name, session):
    return reverse(f"games:{name}", kwargs={"pk": session.pk})


# (role, status) -> expected status code of the game page
VIEW = {
    ("anon", "pending"): 404,
    ("other", "pending"): 404,
    ("submitter", "pending"): 200,
    ("staff", "pending"): 200,
    ("anon", "approved"): 200,
    ("other", "approved"): 200,
    ("submitter", "approved"): 200,
    ("staff", "approved"): 200,
    ("anon", "rejected"): 404,
    ("other", "rejected"): 404,
    ("submitter", "rejected"): 200,
    ("staff", "rejected"): 200,
}
# Editing and withdrawing: login first, then hidden games 404, others' games 403.
EDIT = {
    ("anon", "pending"): 302,
    ("other", "pending"): 404,
    ("submitter", "pending"): 200,
    ("staff", "pending"): 200,
    ("anon", "approved"): 302,
    ("other", "approved"): 403,
    ("submitter", "approved"): 403,
    ("staff", "approved"): 200,
    ("anon", "rejected"): 302,
    ("other", "rejected"): 404,
    ("submitter", "rejected"): 403,
    ("staff", "rejected"): 200,
}


@pytest.mark.parametrize(("role", "status"), sorted(VIEW))
def test_who_sees_a_game(client, people, role, status):
    session = make_game(people, status)
    response = as_role(client, people, role).get(url("detail", session))
    assert response.status_code == VIEW[role, status]


@pytest.mark.parametrize(("role", "status"), sorted(EDIT))
def test_who_opens_the_edit_form(client, people, role, status):
    session = make_game(people, status)
    response = as_role(client, people, role).get(url("edit", session))
    assert response.status_code == EDIT[role, status]
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("role", "status"), sorted(EDIT))
def test_who_can_replay_an_edit_post(client, people, role, status):
    session = make_game(people, status)
    eve = {"player_name": "Eve", "investigator": "Amanda Sharpe"}
    data = result_form_data(terror_level=5, initial_rows=2, seats=[eve, {"DELETE": "on"}])
    response = as_role(client, people, role).post(url("edit", session), data)
    allowed = EDIT[role, status] == 200
    assert response.status_code == (302 if allowed else EDIT[role, status])
    session.refresh_from_db()
    assert (session.terror_level == 5) is allowed
    assert (session.seats.get().player.name == "Eve") if allowed else session.seats.count() == 2


@pytest.mark.parametrize(("role", "status"), sorted(EDIT))
def test_who_can_withdraw(client, people, role, status):
    session = make_game(people, status)
    browser = as_role(client, people, role)
    confirm = browser.get(url("withdraw", session))
    response = browser.post(url("withdraw", session))
    allowed = EDIT[role, status] == 200
    assert confirm.status_code == EDIT[role, status]
    assert response.status_code == (302 if allowed else EDIT[role, status])
    assert Session.objects.filter(pk=session.pk).exists() is not allowed


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


def test_staff_edits_keep_the_status_and_land_in_the_history(client, people):
    session = make_game(people, "approved")
    client.force_login(people["staff"])
    client.post(url("edit", session), result_form_data(terror_level=4, initial_rows=2))
    session.refresh_from_db()
    assert (session.status, session.terror_level) == ("approved", 4)
    response = client.get(url("history", session))
    assert response.status_code == 200
    entries = response.context["entries"]
    changes = [change for entry in entries for change in entry.changes]
    assert ("terror level", 2, 4) in [(str(label), old, new) for label, old, new in changes]
    assert any(entry.who == people["staff"] for entry in entries)
    assert "Seat" in response.content.decode()


@pytest.mark.parametrize(("role", "expected"), [("anon", 302), ("other", 403), ("submitter", 403)])
def test_the_history_is_for_staff_only(client, people, role, expected):
    session = make_game(people, "approved")
    assert as_role(client, people, role).get(url("history", session)).status_code == expected


def test_staff_moderate_from_the_game_page(client, people):
    session = make_game(people, "pending")
    client.force_login(people["staff"])
    assert client.post(url("moderate", session), {"status": "approved"}).status_code == 302
    session.refresh_from_db()
    assert session.status == "approved"


@pytest.mark.parametrize("role", ["other", "submitter"])
def test_only_staff_moderate(client, people, role):
    session = make_game(people, "pending")
    as_role(client, people, role).post(url("moderate", session), {"status": "approved"})
    session.refresh_from_db()
    assert session.status == "pending"


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
    with django_assert_max_num_queries(6):
        response = client.get(reverse("games:mine"))
    assert len(response.context["games"]) == count
