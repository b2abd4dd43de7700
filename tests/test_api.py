"""The read-only JSON API: the pages' numbers, their visibility, caching, CORS, rate limit."""

import datetime
import re

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache

from games.models import Player, Session
from league.queries.players import standings
from league.queries.stats import ancient_one_profile
from tests.addresses import reverse
from tests.budgets import LEAGUE_READ
from tests.factories import (
    SeasonFactory,
    UserFactory,
    demo_league,
    first_league,
    game,
    moderator,
    seat,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limit():
    """The anonymous rate limit counts in the cache: each test starts with a clean slate."""
    cache.clear()
    yield
    cache.clear()


def get(client, path, **params):
    response = client.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


def test_games_list_shows_approved_games_newest_first_with_players(client):
    old = game(played_on=datetime.date(2025, 5, 1))
    new = game(seats=[seat("Cleo"), seat("Dan", "Bob Jenkins")])
    data = get(client, "/api/games")
    assert data["count"] == 2
    assert [item["id"] for item in data["items"]] == [new.pk, old.pk]
    assert data["items"][0]["players"] == ["Cleo", "Dan"]
    assert data["items"][0]["score"] == new.score
    assert data["items"][0]["url"] == new.get_absolute_url()


def test_games_are_filtered_and_sorted_like_the_leaderboard(client):
    low = game(ancient_one="Hastur", terror_level=6)
    high = game(ancient_one="Hastur", terror_level=0, seats=[seat("Zed")])
    game(ancient_one="Cthulhu")
    lost = game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured")
    data = get(client, "/api/games", ancient_one="hastur", sort="-score")
    assert [item["id"] for item in data["items"]] == [high.pk, low.pk, lost.pk]
    data = get(client, "/api/games", outcome="defeat")
    assert [item["id"] for item in data["items"]] == [lost.pk]
    zed = Player.objects.get(name="Zed")
    assert [i["id"] for i in get(client, "/api/games", player=zed.slug)["items"]] == [high.pk]


def test_games_filter_by_season_and_dates(client):
    season = SeasonFactory(
        name="Winter", start=datetime.date(2025, 12, 1), end=datetime.date(2026, 2, 28)
    )
    inside = game(played_on=datetime.date(2026, 1, 5))
    game(played_on=datetime.date(2025, 6, 5))
    assert [i["id"] for i in get(client, "/api/games", season=season.slug)["items"]] == [inside.pk]
    items = get(client, "/api/games", played_after="2026-01-01", played_before="2026-01-31")[
        "items"
    ]
    assert [i["id"] for i in items] == [inside.pk]


def test_an_unknown_filter_value_is_a_422_with_the_reason(client):
    response = client.get("/api/games", {"ancient_one": "nobody"})
    assert response.status_code == 422
    assert "ancient_one" in response.json()["detail"]


def test_pending_games_only_to_their_submitter_and_staff(client):
    author = UserFactory(username="author")
    pending = game(status="pending", submitted_by=author)
    game()
    assert get(client, "/api/games")["count"] == 1
    assert client.get(f"/api/games/{pending.pk}").status_code == 404
    client.force_login(UserFactory(username="other"))
    assert get(client, "/api/games")["count"] == 1
    client.force_login(author)
    assert get(client, "/api/games")["count"] == 2
    assert get(client, f"/api/games/{pending.pk}")["status"] == "pending"
    client.force_login(moderator("boss"))
    assert get(client, "/api/games")["count"] == 2


def test_one_game_has_its_seats_and_score_breakdown(client):
    played = game(seats=[seat("Ann", gate_trophies=2), seat("Bob", "Bob Jenkins")])
    data = get(client, f"/api/games/{played.pk}")
    assert [s["player"]["name"] for s in data["seats"]] == ["Ann", "Bob"]
    assert data["seats"][0]["first_citizen"] is True
    assert sum(term["points"] for term in data["score_breakdown"]) == played.score
    assert data["boxes"] == ["Arkham Horror"]


def test_pages_of_games(client):
    demo_league(60)
    visible = Session.objects.approved().count()
    first = get(client, "/api/games", page=1, page_size=25)
    assert first["count"] == visible
    assert len(first["items"]) == 25
    last = get(client, "/api/games", page=(visible + 24) // 25, page_size=25)
    assert len(last["items"]) == visible - 25 * ((visible - 1) // 25)


@pytest.mark.parametrize("games", [10, 300])
@pytest.mark.parametrize(
    "path", ["/api/games", "/api/players", "/api/standings", "/api/ancient-ones"]
)
def test_list_endpoints_use_constant_queries(client, django_assert_max_num_queries, games, path):
    demo_league(games)
    with django_assert_max_num_queries(10 + LEAGUE_READ):  # the league asked for (?league=)
        assert client.get(path).status_code == 200


def test_standings_are_the_standings_pages_numbers(client):
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    game(seats=[seat("Ann")], terror_level=5)
    rows = get(client, "/api/standings")["items"]
    expected = {p.name: p for p in standings(first_league()).filter(games__gte=1)}
    assert [row["name"] for row in rows] == ["Ann", "Bob"]
    for row in rows:
        player = expected[row["name"]]
        assert (row["games"], row["victories"], row["best_score"]) == (
            player.games,
            player.victories,
            player.best_score,
        )
    assert get(client, "/api/standings", min_games=2)["count"] == 1


def test_standings_by_season_and_the_seasons_list(client):
    season = SeasonFactory(
        name="Spring", start=datetime.date(2025, 3, 1), end=datetime.date(2025, 5, 31)
    )
    game(played_on=datetime.date(2025, 4, 1), seats=[seat("Spring Player")])
    game(seats=[seat("Winter Player")])
    assert [s["slug"] for s in get(client, "/api/seasons")] == [season.slug]
    rows = get(client, "/api/standings", season=season.slug)["items"]
    assert [row["name"] for row in rows] == ["Spring Player"]
    assert client.get("/api/standings", {"season": "nope"}).status_code == 422


def test_a_players_record(client):
    game(seats=[seat("Ann", gate_trophies=2), seat("Bob", "Bob Jenkins")])
    game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured", seats=[seat("Ann")])
    ann = Player.objects.get(name="Ann")
    data = get(client, f"/api/players/{ann.slug}")
    assert data["summary"]["games"] == 2 and data["summary"]["victories"] == 1
    assert data["first_citizen_titles"] == 1
    assert {row["ancient_one"] for row in data["by_ancient_one"]} == {"Cthulhu", "Hastur"}
    assert data["teammates"][0]["name"] == "Bob"
    assert [p["name"] for p in get(client, "/api/players")["items"]] == ["Ann", "Bob"]
    assert client.get("/api/players/nobody").status_code == 404


def test_ancient_ones_with_their_statistics(client):
    won = game(ancient_one="Hastur")
    game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured")
    rows = {row["slug"]: row for row in get(client, "/api/ancient-ones")}
    assert (rows["hastur"]["games"], rows["hastur"]["victories"]) == (2, 1)
    assert {o["outcome"]: o["games"] for o in rows["hastur"]["outcomes"]}["defeat"] == 1
    detail = get(client, "/api/ancient-ones/hastur")
    profile = ancient_one_profile(won.ancient_one, first_league())
    assert detail["best_score"] == profile.stats["best_score"] == won.score
    assert detail["score_distribution"] == [{"score": won.score, "games": 1}]
    assert [g["id"] for g in detail["top_games"]] == [won.pk]


def test_answers_carry_etag_and_last_modified_and_304_when_unchanged(client):
    game()
    first = client.get("/api/games")
    etag, modified = first["ETag"], first["Last-Modified"]
    assert client.get("/api/games", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get("/api/games", HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    game(played_on=datetime.date(2026, 1, 11))
    changed = client.get("/api/games", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_deleted_game_changes_the_etag(client):
    game()
    doomed = game(played_on=datetime.date(2026, 1, 11))
    etag = client.get("/api/games")["ETag"]
    doomed.delete()
    assert client.get("/api/games", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_staff_and_anonymous_callers_get_different_etags(client):
    game()
    anonymous = client.get("/api/games")["ETag"]
    client.force_login(moderator("boss"))
    assert client.get("/api/games")["ETag"] != anonymous


def test_cors_allows_any_site_to_get(client):
    response = client.get("/api/games", HTTP_ORIGIN="https://elsewhere.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Origin" not in client.post("/api/games")
    assert "Access-Control-Allow-Origin" not in client.get(reverse("league:home"))


def test_the_api_is_read_only(client):
    assert client.post("/api/games").status_code == 405
    assert client.delete("/api/games").status_code == 405


def test_anonymous_callers_are_rate_limited_and_members_are_not(client, settings):
    settings.LEAGUE_API_ANON_RATE = "3/m"
    statuses = [client.get("/api/ancient-ones").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    client.force_login(UserFactory(username="member"))
    assert {client.get("/api/ancient-ones").status_code for _ in range(5)} == {200}


def test_docs_load_only_local_static_files(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    html = response.content.decode()
    urls = re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', html)
    assert any(url.endswith("swagger-ui-bundle.js") for url in urls)
    for url in urls:
        assert url.startswith("/static/"), url
        assert finders.find(url.removeprefix("/static/")), url
    assert "//" not in "".join(urls)
    assert '"validatorUrl": null' in html


def test_openapi_schema_lists_every_endpoint(client):
    schema = get(client, "/api/openapi.json")
    assert set(schema["paths"]) == {
        "/api/games",
        "/api/games/{game_id}",
        "/api/players",
        "/api/players/{slug}",
        "/api/seasons",
        "/api/standings",
        "/api/ancient-ones",
        "/api/ancient-ones/{slug}",
        "/api/investigators",
        "/api/investigators/{slug}",
        "/api/heralds",
        "/api/boxes",
        "/api/teams",
        "/api/teams/{slug}",
        "/api/scenarios",
        "/api/scenarios/{slug}",
        "/api/series",
        "/api/series/{slug}",
        "/api/players/{slug}/rating",
        "/api/ratings",
    }


def test_the_docs_address_with_a_slash_leads_to_the_docs(client):
    response = client.get("/api/docs/")
    assert response.status_code == 301 and response["Location"] == "/api/docs"
    assert client.get("/api/docs", follow=True).status_code == 200
