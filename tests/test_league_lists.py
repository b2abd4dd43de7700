"""Every list of league-owned rows is one league's: pages, feeds, exports, search,
suggestions, the result form's choices, the API and the page cache's versions.

League A is the first league (every address reads it today); league B ("Saturday") has
its own team, series, scenario, an approved game by Cyrus and Dinah and a pending one by
Zed.
Nothing of B may show in A.
"""

import datetime

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from games.forms.submission import ResultSubmission
from games.imports.exporter import sessions_for_export
from games.models import Player, Session
from league.caching.subjects import lists_key, page_keys, subject_key
from league.models import Visibility
from league.pages.search import SearchView
from league.queries.games import league_games, visible_games
from league.queries.scenarios import scenario_detail, scenario_overview
from league.queries.search import search
from tests.addresses import reverse
from tests.factories import (
    LeagueFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    approve,
    first_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

B_NAMES = (
    "Cyrus Quill",
    "Dinah Voss",
    "Zed Newcomer",
    "Saturday Sharks",
    "Yig Rises",
    "Saturday cup",
)


@pytest.fixture
def leagues():
    a, b = first_league(), LeagueFactory(name="Saturday")
    owls = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    stars = scenario("The Stars Are Right", series=SeriesFactory(name="Tuesday cup"))
    game(team=owls, scenario=stars)
    deep = TeamFactory(name="Saturday Sharks", members=["Cyrus Quill", "Dinah Voss"], league=b)
    yig = scenario(
        "Yig Rises", ancient_ones=("Yig",), series=SeriesFactory(name="Saturday cup", league=b)
    )
    played = [seat("Cyrus Quill", "Vincent Lee"), seat("Dinah Voss", "Carolyn Fern")]
    b_game = game(ancient_one="Yig", seats=played, team=deep, scenario=yig, league=b)
    pending = game(seats=[seat("Zed Newcomer", "Bob Jenkins")], status="pending", league=b)
    return {"a": a, "b": b, "deep": deep, "yig": yig, "b_game": b_game, "pending": pending}


def shows_nothing_of_b(html: str) -> None:
    for name in B_NAMES:
        assert name not in html, name


def test_the_games_of_a_league_are_its_own(leagues):
    a, b = leagues["a"], leagues["b"]
    assert {g.league_id for g in league_games(a)} == {a.pk}
    assert set(league_games(b)) == {leagues["b_game"]}
    everything = moderator()
    assert leagues["pending"] not in visible_games(everything, a)
    assert leagues["pending"] in visible_games(everything, b)
    assert not sessions_for_export(league=a).filter(league=b).exists()
    assert set(sessions_for_export(league=b)) == {leagues["b_game"], leagues["pending"]}


def test_a_public_player_is_public_in_the_leagues_they_played_in(leagues):
    a, b = leagues["a"], leagues["b"]
    assert set(Player.objects.listed(a).values_list("name", flat=True)) == {"Ann", "Bob"}
    assert set(Player.objects.listed(b).values_list("name", flat=True)) == {
        "Cyrus Quill",
        "Dinah Voss",
    }
    # Zed Newcomer's only game is pending: listed nowhere, suggested nowhere.
    visitor = UserFactory(username="visitor")
    assert not Player.objects.suggested_to(visitor, "", a).filter(
        name__in=["Cyrus Quill", "Zed Newcomer"]
    )
    assert not Player.objects.suggested_to(visitor, "Z", b).exists()


# The home page's and the player standings' rows are the summaries' (their league scope).
@pytest.mark.parametrize("name", ["leaderboard", "teams", "scenarios", "series_list"])
def test_a_league_page_shows_nothing_of_another_league(client, leagues, name):
    response = client.get(reverse(f"league:{name}"))
    assert response.status_code == 200
    shows_nothing_of_b(response.content.decode())


def test_another_leagues_rows_have_no_page_here(client, leagues):
    b_series = leagues["yig"].series
    for url in (
        reverse("league:team", args=[leagues["deep"].slug]),
        reverse("league:scenario", args=[leagues["yig"].slug]),
        reverse("league:series", args=[b_series.slug]),
        reverse("games:detail", args=[leagues["b_game"].pk]),
        reverse("feeds:team", args=[leagues["deep"].slug]),
        reverse("feeds:scenario", args=[leagues["yig"].slug]),
        reverse("feeds:player", args=["cyrus-quill"]),
    ):
        assert client.get(url).status_code == 404, url


def test_feeds_and_exports_list_one_leagues_games(client, leagues):
    feeds = [reverse("feeds:results"), reverse("feeds:ancient_one", args=["yig"])]
    for url in feeds:
        response = client.get(url)
        assert response.status_code == 200
        shows_nothing_of_b(response.content.decode())
    export = client.get(reverse("league:leaderboard"), {"_export": "csv"})
    text = b"".join(export.streaming_content).decode()
    assert "Ann" in text
    shows_nothing_of_b(text)


def test_search_finds_only_this_leagues_rows(client, leagues):
    a = leagues["a"]
    for words in (["cyrus"], ["zed"], ["sharks"], ["yig", "rises"]):
        assert not any(found.rows for found in search(words, a) if found.kind.key != "ancient_ones")
    found = {f.kind.key: f.rows for f in search(["sharks"], leagues["b"])}
    assert found["teams"] == [leagues["deep"]]
    shows_nothing_of_b(client.get(reverse("league:search"), {"q": "cyrus"}).content.decode())


def test_name_suggestions_are_this_leagues_public_players(client, leagues):
    client.force_login(UserFactory(username="member"))
    for prefix in ("Cyrus", "Dinah", "Zed", "Ann"):
        names = client.get(reverse("games:player_search"), {"q": prefix}).json()["names"]
        assert names == (["Ann"] if prefix == "Ann" else [])


def test_the_result_form_offers_this_leagues_teams_and_open_scenarios(leagues):
    user = UserFactory(username="cyrus")
    Player.objects.filter(name="Cyrus Quill").update(user=user)
    TeamFactory(name="Cyrus's Tuesday team", members=["Cyrus Quill"])
    form = ResultSubmission(user=user, league=leagues["a"]).form
    assert [t.name for t in form.fields["team"].queryset] == ["Cyrus's Tuesday team"]
    assert [s.name for s in form.fields["scenario"].queryset] == ["The Stars Are Right"]
    form = ResultSubmission(user=user, league=leagues["b"]).form
    assert [t.name for t in form.fields["team"].queryset] == ["Saturday Sharks"]
    assert [s.name for s in form.fields["scenario"].queryset] == ["Yig Rises"]


def test_a_request_of_league_b_shows_nothing_of_league_a(leagues):
    b = leagues["b"]
    overview = scenario_overview(b)
    assert overview.open == [leagues["yig"]]
    assert scenario_detail("the-stars-are-right", b) is None
    request = RequestFactory().get("/search/", {"q": "night"})
    request.user, request.league = UserFactory(username="reader"), b
    context = SearchView(request=request).get_context_data()
    assert not any(found.rows for found in context["found"])


def api(client, path, **params):
    response = client.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_api_lists_the_league_asked_for(client, leagues):
    a_games = api(client, "/api/games", league="arkham")["items"]
    assert leagues["b_game"].pk not in [g["id"] for g in a_games] and a_games
    assert [g["id"] for g in api(client, "/api/games", league="saturday")["items"]] == [
        leagues["b_game"].pk
    ]
    assert api(client, "/api/games")["count"] == len(a_games)  # the first league by default
    names = [p["name"] for p in api(client, "/api/players", league="arkham")["items"]]
    assert names == ["Ann", "Bob"]
    assert [s["name"] for s in api(client, "/api/scenarios", league="arkham")] == [
        "The Stars Are Right"
    ]
    assert [s["name"] for s in api(client, "/api/series", league="saturday")] == ["Saturday cup"]
    for path in (
        "/api/teams/saturday-sharks",
        "/api/scenarios/yig-rises",
        "/api/players/cyrus-quill",
    ):
        assert client.get(path, {"league": "arkham"}).status_code == 404, path
    assert client.get("/api/games", {"league": "no-such-league"}).status_code == 404


def test_an_invitation_only_league_is_answered_to_its_members_only(client, leagues):
    b = leagues["b"]
    b.visibility = Visibility.INVITATION
    b.save()
    assert client.get("/api/games", {"league": "saturday"}).status_code == 404
    member = UserFactory(username="member")
    b.memberships.create(user=member)
    client.force_login(member)
    assert client.get("/api/games", {"league": "saturday"}).status_code == 200


def test_the_schema_documents_the_league_parameter(client):
    schema = client.get("/api/openapi.json").json()
    for path in ("/api/games", "/api/players", "/api/teams", "/api/scenarios", "/api/series"):
        names = [p["name"] for p in schema["paths"][path]["get"]["parameters"]]
        assert "league" in names, path


def versions_of(league, shows: str, **kwargs) -> list:
    request = RequestFactory().get("/")
    request.league = league
    return [cache.get(key) for key in page_keys(shows, request, kwargs)]


def test_a_write_in_one_league_leaves_the_other_leagues_versions(client, leagues):
    a, b = leagues["a"], leagues["b"]
    url = reverse("league:leaderboard")
    assert client.get(url)["X-Cache"] == "miss"
    assert client.get(url)["X-Cache"] == "hit"
    client.get(reverse("league:ancient_one", args=["cthulhu"]))
    kinds = [
        ("lists", {}),
        ("ancient-one", {"slug": "cthulhu"}),
        ("player", {"slug": "zed-newcomer"}),
    ]
    before = {kind: versions_of(a, kind, **kwargs) for kind, kwargs in kinds}
    approve(leagues["pending"])  # a Cthulhu game of league B, by Zed Newcomer
    assert {kind: versions_of(a, kind, **kwargs) for kind, kwargs in kinds} == before
    assert client.get(url)["X-Cache"] == "hit"
    # ... and retires B's own.
    assert cache.get(lists_key(b.pk)) is None
    assert cache.get(subject_key("ancient-one", "cthulhu", b.pk)) is None


def test_a_team_of_one_league_retires_only_that_leagues_pages(client, leagues):
    url = reverse("league:scenarios")
    client.get(url)
    TeamFactory(name="Sunday Owls", league=leagues["b"])
    assert client.get(url)["X-Cache"] == "hit"
    TeamFactory(name="Tuesday Owls")
    assert client.get(url)["X-Cache"] == "miss"


def test_scenario_board_of_a_league_scenario_is_its_leagues_games(leagues):
    b_game = Session.objects.get(pk=leagues["b_game"].pk)
    assert b_game.league_id == leagues["b"].pk and b_game.scenario.league_id == leagues["b"].pk
    played = datetime.date(2026, 1, 10)
    assert league_games(leagues["a"]).filter(played_on=played, scenario=leagues["yig"]).count() == 0


def test_the_rating_of_a_game_in_one_league_leaves_a_league_its_players_are_not_in(client, leagues):
    from games.ratings.replay import ratings_catch_up

    ratings_catch_up()
    a, b = leagues["a"], leagues["b"]
    url = reverse("league:leaderboard")
    assert client.get(url)["X-Cache"] == "miss"
    before = versions_of(a, "lists")
    approve(leagues["pending"])  # league B's game; its players play only in B
    ratings_catch_up()  # the rating job the write queued
    assert versions_of(a, "lists") == before
    assert client.get(url)["X-Cache"] == "hit"
    assert cache.get(lists_key(b.pk)) is None


@pytest.mark.parametrize("league", ["a\x00b", "x" * 41, "two words"])
def test_a_league_parameter_no_league_could_have_is_refused(client, league):
    response = client.get("/api/games", {"league": league})
    assert response.status_code == 422
