"""What a write retires: a write that changes no public page leaves every page cached.

Writes go through the site's own views, so every row they touch (the game, its seats and
boxes, a new player) is part of what is judged.
"""

import pytest
from django.test import Client

from games.models import Player, Session
from tests.addresses import reverse
from tests.factories import UserFactory, game, moderator, result_form_data

pytestmark = pytest.mark.django_db

NEWCOMER = [
    {"player_name": "Ann", "investigator": "Amanda Sharpe"},
    {"player_name": "Zed Newcomer", "investigator": "Bob Jenkins"},
]


@pytest.fixture
def pages(client):
    """The home page and leaderboard, cached for visitors, and a way to ask them again."""
    game()  # one approved game by Ann and Bob
    urls = [reverse("league:home"), reverse("league:leaderboard")]
    for url in urls:
        client.get(url)
        assert client.get(url)["X-Cache"] == "hit", url

    def states() -> list[str]:
        return [client.get(url)["X-Cache"] for url in urls]

    return states


@pytest.fixture
def member():
    member = Client()
    member.force_login(UserFactory(username="member"))
    return member


def submit(member: Client) -> Session:
    response = member.post(reverse("games:new"), result_form_data(seats=NEWCOMER))
    assert response.status_code == 302
    return Session.objects.get(status="pending")


def moderate(session: Session, status: str, **fields) -> None:
    staff = Client()
    staff.force_login(moderator())
    data = {"status": status, "version": session.version, **fields}
    response = staff.post(reverse("games:moderate", args=[session.pk]), data)
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == status


def test_a_pending_submission_retires_no_public_page(pages, member):
    submit(member)
    assert pages() == ["hit", "hit"]


def test_an_edit_of_a_pending_game_retires_no_public_page(pages, member):
    session = submit(member)
    data = result_form_data(seats=NEWCOMER, terror_level=5, initial_rows=2)
    data["version"] = session.version
    assert member.post(reverse("games:edit", args=[session.pk]), data).status_code == 302
    session.refresh_from_db()
    assert session.terror_level == 5
    assert pages() == ["hit", "hit"]


def test_a_withdrawal_of_a_pending_game_retires_no_public_page(pages, member):
    session = submit(member)
    url = reverse("games:withdraw", args=[session.pk])
    assert member.post(url, {"version": session.version}).status_code == 302
    assert not Session.objects.filter(pk=session.pk).exists()
    assert pages() == ["hit", "hit"]


def test_a_rejection_of_a_pending_game_retires_no_public_page(pages, member):
    moderate(submit(member), "rejected", rejection_reason="Not a league night.")
    assert pages() == ["hit", "hit"]


def test_an_approval_retires_the_public_pages(client, pages, member):
    moderate(submit(member), "approved")
    assert pages() == ["miss", "miss"]
    assert b"Zed Newcomer" in client.get(reverse("league:leaderboard")).content


def test_a_rejection_of_an_approved_game_retires_the_public_pages(pages, member):
    session = submit(member)
    moderate(session, "approved")
    pages()
    assert pages() == ["hit", "hit"]
    moderate(session, "rejected", rejection_reason="Miscounted.")
    assert pages() == ["miss", "miss"]


def test_an_edit_of_an_approved_game_retires_the_public_pages(pages):
    session = Session.objects.get()
    staff = Client()
    staff.force_login(moderator())
    data = result_form_data(terror_level=5, initial_rows=2)
    data["version"] = session.version
    assert staff.post(reverse("games:edit", args=[session.pk]), data).status_code == 302
    assert pages() == ["miss", "miss"]


def test_a_player_changed_still_retires_the_public_pages(pages):
    ann = Player.objects.get(name="Ann")
    ann.name = "Annie"
    ann.save()
    assert pages() == ["miss", "miss"]
