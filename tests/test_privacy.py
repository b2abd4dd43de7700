"""Players seen only in pending or rejected games stay private: pages, lists, suggestions."""

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory, game, seat

pytestmark = pytest.mark.django_db

SEARCH = reverse("games:player_search")


@pytest.fixture
def league():
    """Ann and Bob play an approved game; Pat only a pending one, Rex only a rejected one."""
    game(status="approved", seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    game(status="pending", seats=[seat("Pat", "Amanda Sharpe")])
    game(status="rejected", seats=[seat("Rex", "Amanda Sharpe")])


@pytest.mark.parametrize(("slug", "expected"), [("ann", 200), ("pat", 404), ("rex", 404)])
def test_only_players_with_an_approved_game_have_a_public_page(client, league, slug, expected):
    assert client.get(reverse("league:player", kwargs={"slug": slug})).status_code == expected


def test_a_logged_in_stranger_does_not_see_a_private_player_either(client, league):
    client.force_login(UserFactory())
    assert client.get(reverse("league:player", kwargs={"slug": "pat"})).status_code == 404


def test_standings_and_their_exports_list_only_public_players(client, league):
    response = client.get(reverse("league:standings"))
    assert [row.record.name for row in response.context["table"].rows] == ["Ann", "Bob"]
    csv = client.get(reverse("league:standings"), {"_export": "csv"}).getvalue().decode()
    assert "Pat" not in csv and "Rex" not in csv


def test_the_leaderboard_player_filter_offers_only_public_players(client, league):
    response = client.get(reverse("league:leaderboard"))
    choices = [str(p) for p in response.context["filter"].form.fields["player"].queryset]
    assert choices == ["Ann", "Bob"]


def test_name_suggestions_need_login(client):
    assert client.get(SEARCH, {"q": "a"}).status_code == 302


def test_suggestions_match_the_typed_start_and_hide_private_players(client, league):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": "a"}).json() == {"names": ["Ann"]}
    assert client.get(SEARCH, {"q": "P"}).json() == {"names": []}  # Pat is pending only
    assert client.get(SEARCH, {"q": "r"}).json() == {"names": []}  # Rex is rejected only
    assert client.get(SEARCH, {"q": "nn"}).json() == {"names": []}  # a start, not a substring


def test_suggestions_include_the_users_own_player(client, league):
    pat = PlayerFactory(name="Pat")
    pat.user = UserFactory(username="pat")
    pat.save()
    client.force_login(pat.user)
    assert client.get(SEARCH, {"q": "pa"}).json() == {"names": ["Pat"]}


@pytest.mark.parametrize("query", ["", "   ", "\u200b"])
def test_an_empty_query_suggests_nothing(client, league, query):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": query}).json() == {"names": []}


def test_suggestions_read_the_query_as_names_are_keyed(client, league):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": "\u0410N"}).json() == {"names": ["Ann"]}  # Cyrillic А
    assert client.get(SEARCH, {"q": "%"}).json() == {"names": []}  # no LIKE wildcard


def test_at_most_twenty_suggestions_in_name_order(client, django_assert_max_num_queries):
    names = [f"Sam {n:02d}" for n in range(30)]
    game(status="approved", seats=[seat(name, "Amanda Sharpe") for name in names[:1]])
    for name in names[1:]:
        game(status="approved", seats=[seat(name, "Amanda Sharpe")])
    client.force_login(UserFactory())
    with django_assert_max_num_queries(4):
        response = client.get(SEARCH, {"q": "sam"})
    assert response.json() == {"names": names[:20]}
