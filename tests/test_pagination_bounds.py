"""Page numbers from the address bar: out of range is a 404 or 422 (API) or a page that
still shows (HTML), never a 500 -- SQLite and PostgreSQL overflow OFFSET differently."""

import pytest
from django.core.cache import cache

from tests.addresses import reverse
from tests.factories import SeriesFactory, TeamFactory, game, moderator, scenario, seat

pytestmark = pytest.mark.django_db

LISTS = ["/api/games", "/api/players", "/api/standings", "/api/teams"]
HUGE = ["1000000000000000000", "9223372036854775808", "99999999999999999999999999"]


@pytest.fixture
def league():
    cache.clear()
    played = game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    owls = TeamFactory(name="Owls", members=["Ann", "Bob"])
    game(team=owls, played_on=played.played_on)
    series = SeriesFactory(name="League session 1")
    dunwich = scenario(series=series)
    game(team=owls, scenario=dunwich, played_on=played.played_on)
    return {"team": owls, "scenario": dunwich, "series": series}


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("number", HUGE)  # not "page": that is pytest-playwright's fixture
def test_a_huge_api_page_is_a_422_naming_the_limit(client, league, path, number):
    response = client.get(path, {"page": number})
    assert response.status_code == 422, response.content
    assert "page" in str(response.json()["detail"])


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"page": "0"}, 422),
        ({"page": "-1"}, 422),
        ({"page": "x"}, 422),
        ({"page_size": "0"}, 422),
        ({"page_size": "101"}, 422),
    ],
)
def test_api_pages_below_one_or_too_big_are_422(client, league, path, params, status):
    assert client.get(path, params).status_code == status


@pytest.mark.parametrize("path", LISTS)
def test_an_api_page_past_the_last_is_a_404_that_says_how_many(client, league, path):
    first = client.get(path, {"page": 1})
    assert first.status_code == 200
    assert first.json()["items"]
    response = client.get(path, {"page": 1_000_000})
    assert response.status_code == 404
    assert response.json()["detail"] == "No page 1000000: there are 1."


def test_an_empty_list_still_has_its_first_page(client):
    cache.clear()
    response = client.get("/api/teams")
    assert response.status_code == 200
    assert response.json() == {"items": [], "count": 0}


@pytest.mark.parametrize("param", ["page", "per_page"])
@pytest.mark.parametrize("value", [*HUGE, "-1", "0", "abc", "1e3", ""])
def test_html_pages_never_fail_on_a_page_or_page_size(client, league, param, value):
    client.force_login(moderator("boss"))
    pages = [
        reverse("league:leaderboard"),
        reverse("league:standings"),
        reverse("league:teams"),
        reverse("league:team", args=[league["team"].slug]),
        reverse("league:player", args=["ann"]),
        reverse("league:scenario", args=[league["scenario"].slug]),
        reverse("league:series", args=[league["series"].slug]),
        reverse("games:mine"),
        reverse("games:pending"),
    ]
    for url in pages:
        response = client.get(url, {param: value, "teams-" + param: value})
        assert response.status_code in (200, 404), (url, response.status_code)


def test_a_negative_page_size_shows_one_row_a_page(client, league):
    response = client.get(reverse("league:standings"), {"per_page": "-1"})
    assert response.status_code == 200
    assert len(response.context["table"].page.object_list) == 1
