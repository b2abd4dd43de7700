"""Members served from the page cache: one shared body, their own navigation and messages."""

import re

import pytest
from django.contrib.auth.models import Group
from django.middleware.csrf import _does_token_match
from django.test import Client

from games.models import Session
from tests.addresses import reverse
from tests.factories import (
    TeamFactory,
    UserFactory,
    first_league,
    game,
    member_of,
    moderator,
    moderators_group,
    result_form_data,
)

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-unusual-password-42"
HOME = reverse("league:home")
PENDING_LINK = b'data-testid="pending-link"'
TOKEN = re.compile(rb'(?:name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")([A-Za-z0-9]+)"')


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def tokens(response) -> set[bytes]:
    return set(TOKEN.findall(response.content))


@pytest.fixture
def league():
    game(team=TeamFactory(name="Night Owls", members=["Ann", "Bob"]))


def test_a_second_member_gets_the_cached_page_with_their_own_navigation(league):
    url = reverse("league:leaderboard")
    boss = signed_in(moderator(is_staff=True))
    first = boss.get(url)
    assert first["X-Cache"] == "miss"
    assert b'data-testid="pending-link"' in first.content and b">Admin<" in first.content
    member = signed_in(UserFactory(username="member"))
    second = member.get(url)
    assert second["X-Cache"] == "hit"
    assert b">Log out</button>" in second.content and b"My games" in second.content
    assert b'data-testid="pending-link"' not in second.content
    assert b">Admin<" not in second.content
    again = boss.get(url)
    assert again["X-Cache"] == "hit" and b'data-testid="pending-link"' in again.content


def test_no_csrf_token_of_one_session_reaches_another(league):
    url = reverse("league:home")
    ann, bob = signed_in(UserFactory(username="ann")), signed_in(UserFactory(username="bob"))
    first, second = ann.get(url), bob.get(url)
    assert (first["X-Cache"], second["X-Cache"]) == ("miss", "hit")
    assert tokens(first) and tokens(second)
    assert not tokens(first) & tokens(second)
    for response in (first, second):
        secret = response.cookies["csrftoken"].value
        assert all(_does_token_match(token.decode(), secret) for token in tokens(response))
    ann_secret = first.cookies["csrftoken"].value
    assert not any(_does_token_match(token.decode(), ann_secret) for token in tokens(second))


def test_a_moderators_pending_count_is_right_on_a_cached_page(league):
    url = reverse("league:home")
    boss = signed_in(moderator())
    boss.get(url)
    response = boss.get(url)
    assert response["X-Cache"] == "hit" and b"Pending (0)" in response.content
    member = signed_in(UserFactory(username="member"))
    newcomer = [{"player_name": "Zed Newcomer", "investigator": "Bob Jenkins"}]
    data = result_form_data(seats=newcomer, played_on="2026-02-02")
    assert member.post(reverse("games:new"), data).status_code == 302
    assert Session.objects.filter(status="pending").count() == 1
    response = boss.get(url)
    # The pending game retired nothing, yet the count is the moderator's own, read now.
    assert response["X-Cache"] == "hit" and b"Pending (1)" in response.content


def test_a_message_after_a_redirect_shows_on_a_cached_page_to_that_member_only(league):
    url = reverse("league:leaderboard")
    Client().get(url)
    signed_in(UserFactory(username="first")).get(url)  # the members' copy is stored
    newcomer = Client()
    data = {
        "username": "carla",
        "email": "carla@example.com",
        "player_name": "Carla",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    response = newcomer.post(reverse("signup") + f"?next={url}", data, follow=True)
    assert response.redirect_chain[-1][0] == url
    page = response
    assert page["X-Cache"] == "hit"
    assert b"Welcome to the league, Carla." in page.content
    assert "private" in page["Cache-Control"]
    later = newcomer.get(url)
    assert later["X-Cache"] == "hit" and b"Welcome to the league" not in later.content
    other = signed_in(UserFactory(username="other")).get(url)
    assert b"Carla" not in other.content
    assert b"Carla" not in Client().get(url).content


def test_members_answers_are_private_and_visitors_are_not(league):
    url = reverse("league:standings")
    member = signed_in(UserFactory(username="member"))
    for _ in range(2):
        assert "private" in member.get(url)["Cache-Control"]
        assert "Cookie" in member.get(url)["Vary"]
    visitor = Client()
    visitor.get(url)
    visitor = visitor.get(url)
    assert visitor["X-Cache"] == "hit" and "private" not in visitor.get("Cache-Control", "")


@pytest.mark.parametrize("name", ["league:team", "games:detail"])
def test_a_page_of_one_members_own_is_never_a_shared_copy(league, name):
    session = Session.objects.get()
    url = reverse(name, args=[session.team.slug if name == "league:team" else session.pk])
    member = signed_in(moderator())
    for _ in range(2):
        response = member.get(url)
        assert response.status_code == 200 and "X-Cache" not in response
    assert Client().get(url)["X-Cache"] == "miss"


def test_the_marks_of_the_filled_parts_never_reach_a_browser(league):
    member = signed_in(UserFactory(username="member"))
    for url in (reverse("league:home"), reverse("games:new")):
        for client in (member, Client()):
            assert b"league:fill" not in client.get(url).content, url


def test_each_members_hit_carries_its_own_valid_token_and_current_link(league):
    """The navigation is rendered per request around the shared page: a fresh CSRF token
    (masked afresh for every response) and the link of the page it is on."""
    ann = signed_in(UserFactory(username="ann"))
    home, board = reverse("league:home"), reverse("league:leaderboard")
    seen = []
    for url in (home, home, board, board):
        response = ann.get(url)
        secret = response.cookies["csrftoken"].value if "csrftoken" in response.cookies else None
        secret = secret or ann.cookies["csrftoken"].value
        found = tokens(response)
        assert found and all(_does_token_match(token.decode(), secret) for token in found)
        current = re.findall(rb'<a href="([^"]+)" aria-current="page"', response.content)
        assert current == [url.encode()]
        seen.append(found)
    assert not seen[0] & seen[1]


def hit(client, url=HOME):
    response = client.get(url)
    assert response.status_code == 200 and response["X-Cache"] == "hit", url
    return response


@pytest.fixture
def warm_home(league):
    """The home page cached for visitors and for members."""
    Client().get(HOME)
    signed_in(UserFactory(username="first")).get(HOME)


def test_a_revoked_moderator_or_staff_member_loses_the_link_at_the_next_hit(warm_home):
    # A site moderator through the group alone (no moderator role in the league).
    boss = member_of(moderator(is_staff=True), first_league(), "member")
    client = signed_in(boss)
    assert PENDING_LINK in hit(client).content and b">Admin<" in hit(client).content
    boss.groups.remove(moderators_group())
    assert PENDING_LINK not in hit(client).content
    boss.groups.add(moderators_group())
    assert PENDING_LINK in hit(client).content
    Group.objects.get(name="Moderators").permissions.clear()
    assert PENDING_LINK not in hit(client).content
    boss.is_staff = False
    boss.save()
    assert b">Admin<" not in hit(client).content


def test_a_new_password_or_deactivation_signs_other_sessions_out_of_cached_pages(warm_home):
    ann = UserFactory(username="ann")
    laptop, phone = signed_in(ann), signed_in(ann)
    assert (
        b">Log out</button>" in hit(laptop).content and b">Log out</button>" in hit(phone).content
    )
    ann.set_password("a-new-long-password-77")
    ann.save()
    page = hit(phone)  # the visitors' copy now, with the visitors' navigation
    assert b">Log out</button>" not in page.content and b"Log in" in page.content
    assert "private" not in page.get("Cache-Control", "")
    bob = UserFactory(username="bob")
    client = signed_in(bob)
    assert b">Log out</button>" in hit(client).content
    bob.is_active = False
    bob.save()
    assert b"Log in" in hit(client).content
