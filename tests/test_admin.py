"""The admin site: moderation, inline seats with whole-table validation, doom-track fixes."""

import pytest

from games.models import AncientOne, Box, Investigator, Player, PlayerStanding, Session
from games.summaries import summaries_differences
from tests.addresses import reverse
from tests.factories import UserFactory, first_league, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def session_post(ancient_one="Cthulhu", outcome="sealed", seats=(), **fields):
    data = {
        "league": first_league().pk,
        "ancient_one": AncientOne.objects.get(name=ancient_one).pk,
        "played_on": "2026-03-01",
        "boxes": [Box.objects.get(name="Arkham Horror").pk],
        "outcome": outcome,
        "defeat_cause": "",
        "terror_level": 2,
        "elder_signs_played": 0,
        "elder_sign_tokens": 6,
        "status": "approved",
        "location": "",
        "notes": "",
        "seats-TOTAL_FORMS": len(seats),
        "seats-INITIAL_FORMS": 0,
        "seats-MIN_NUM_FORMS": 1,
        "seats-MAX_NUM_FORMS": 8,
    }
    data.update(fields)
    for i, row in enumerate(seats):
        values = {
            "position": i + 1,
            "player": Player.objects.get_or_create(name=row.get("player", f"P{i}"))[0].pk,
            "investigator": Investigator.objects.get(name=row["investigator"]).pk,
            "ended": "sane",
            "replaced": 0,
            "gate_trophies": 0,
            "monster_trophies": 0,
            "unpaid_loans": 0,
        }
        values.update({k: v for k, v in row.items() if k not in {"player", "investigator"}})
        data.update({f"seats-{i}-{k}": v for k, v in values.items()})
    return data


def test_non_staff_cannot_reach_the_admin(client):
    client.force_login(UserFactory(username="player"))
    response = client.get(reverse("admin:games_session_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_session_changelist_filters_and_searches(staff_client, django_assert_max_num_queries):
    game(seats=[seat("Ann", "Amanda Sharpe")], notes="rainy night")
    game(ancient_one="Yig", seats=[seat("Bob", "Bob Jenkins")], status="pending")
    url = reverse("admin:games_session_changelist")
    with django_assert_max_num_queries(20):
        response = staff_client.get(url)
    assert response.status_code == 200
    assert response.context["cl"].result_count == 2
    assert staff_client.get(url, {"q": "Ann"}).context["cl"].result_count == 1
    assert staff_client.get(url, {"q": "rainy"}).context["cl"].result_count == 1
    assert staff_client.get(url, {"status__exact": "pending"}).context["cl"].result_count == 1


def test_admin_adds_a_game_with_seats_and_stores_its_score(staff_client):
    data = session_post(
        seats=[
            {"investigator": "Amanda Sharpe", "player": "Ann", "gate_trophies": 2},
            {"investigator": "Bob Jenkins", "player": "Bob", "monster_trophies": 3},
        ]
    )
    response = staff_client.post(reverse("admin:games_session_add"), data)
    assert response.status_code == 302, response.context["errors"]
    session = Session.objects.get()
    # Cthulhu 13 - terror 2 + 2 gates + 1 (3 monsters) + 2 survivors
    assert session.score == 16
    assert session.submitted_by.username == "staff"
    assert session.seats.get(first_citizen=True).player.name == "Ann"
    assert session.history.count() >= 1


@pytest.mark.parametrize(
    ("fields", "seats", "message"),
    [
        (
            {"outcome": "closed"},
            [
                {"investigator": "Amanda Sharpe", "gate_trophies": 1},
                {"investigator": "Bob Jenkins"},
            ],
            "Closing the gates needs",
        ),
        ({"elder_sign_tokens": 4}, [{"investigator": "Amanda Sharpe"}], "6 or more elder sign"),
        (
            {"outcome": "defeat", "defeat_cause": "act-iii"},
            [{"investigator": "Amanda Sharpe"}],
            "Act III needs",
        ),
        ({"terror_level": 11}, [{"investigator": "Amanda Sharpe"}], "0 to 10"),
        ({}, [{"investigator": "Amanda Sharpe", "unpaid_loans": 2}], "at most one Bank Loan"),
        (
            {},
            [{"investigator": "Amanda Sharpe"}, {"investigator": "Amanda Sharpe"}],
            "same investigator",
        ),
    ],
)
def test_admin_refuses_a_broken_game_with_a_message_and_no_rows(
    staff_client, fields, seats, message
):
    response = staff_client.post(
        reverse("admin:games_session_add"), session_post(seats=seats, **fields)
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Session.objects.count() == 0


def test_admin_edit_can_fix_seats_that_only_the_whole_table_satisfies(staff_client):
    session = game(outcome="closed", seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)])
    first = session.seats.get()
    data = session_post(
        outcome="closed",
        seats=[{"investigator": "Bob Jenkins", "player": "Bob", "gate_trophies": 2}],
        **{"seats-INITIAL_FORMS": 1, "seats-TOTAL_FORMS": 2},
    )
    # The existing seat, now with no trophies; the new one brings two.
    data = {k.replace("seats-0-", "seats-1-"): v for k, v in data.items()}
    data.update(
        {
            "seats-0-id": first.pk,
            "seats-0-session": session.pk,
            "seats-0-position": 1,
            "seats-0-player": first.player_id,
            "seats-0-investigator": first.investigator_id,
            "seats-0-ended": "sane",
            "seats-0-replaced": 0,
            "seats-0-gate_trophies": 0,
            "seats-0-monster_trophies": 0,
            "seats-0-unpaid_loans": 0,
        }
    )
    response = staff_client.post(reverse("admin:games_session_change", args=[session.pk]), data)
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.investigator_count, session.gate_trophies) == (2, 2)
    assert summaries_differences() == []


def test_bulk_approve_and_reject(staff_client):
    pending = [game(status="pending", seats=[seat("Ann", "Amanda Sharpe")]) for _ in range(2)]
    url = reverse("admin:games_session_changelist")
    staff_client.post(url, {"action": "approve", "_selected_action": [pending[0].pk]})
    staff_client.post(
        url,
        {"action": "reject", "_selected_action": [pending[1].pk], "apply": "1", "reason": "No."},
    )
    assert [Session.objects.get(pk=s.pk).status for s in pending] == ["approved", "rejected"]
    assert PlayerStanding.objects.get(player__name="Ann", scope=0).games == 1
    assert summaries_differences() == []


def test_deleting_games_in_the_admin_takes_them_out_of_the_summaries(staff_client):
    kept = game(seats=[seat("Ann", "Amanda Sharpe", gate_trophies=0)])
    doomed = [game(seats=[seat("Ann", "Amanda Sharpe", gate_trophies=3)]) for _ in range(2)]
    url = reverse("admin:games_session_changelist")
    response = staff_client.post(
        url,
        {"action": "delete_selected", "_selected_action": [g.pk for g in doomed], "post": "yes"},
    )
    assert response.status_code == 302
    row = PlayerStanding.objects.get(player__name="Ann", scope=0)
    assert (row.games, row.best_score) == (1, kept.score)
    assert summaries_differences() == []


def test_changing_a_doom_track_in_the_admin_rescores_its_games(
    staff_client, run_jobs, django_capture_on_commit_callbacks
):
    session = game(ancient_one="Eihort", seats=[seat("Ann", "Amanda Sharpe")])
    other = game(ancient_one="Cthulhu", seats=[seat("Bob", "Bob Jenkins")])
    eihort = AncientOne.objects.get(name="Eihort")
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("admin:games_ancientone_change", args=[eihort.pk]),
            {"name": "Eihort", "slug": "eihort", "doom_track": 14, "box": eihort.box_id},
            follow=True,
        )
    assert "its games are being rescored" in response.content.decode()
    run_jobs()
    before, before_other = session.score, other.score
    session.refresh_from_db()
    other.refresh_from_db()
    assert session.score == before + 2
    assert other.score == before_other
    assert PlayerStanding.objects.get(player__name="Ann", scope=0).best_score == session.score
    assert summaries_differences() == []


@pytest.mark.parametrize(
    "model", ["session", "player", "investigator", "ancientone", "box", "herald", "guardian"]
)
def test_every_model_page_loads(staff_client, model):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    assert staff_client.get(reverse(f"admin:games_{model}_changelist")).status_code == 200
    assert staff_client.get(reverse(f"admin:games_{model}_add")).status_code == 200
