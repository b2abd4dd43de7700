"""The API's teams, scenarios and series: the numbers the pages show, from the same queries."""

import datetime

import pytest
from django.core.cache import cache

from league.queries.scenarios import series_team_standings
from league.queries.teams import team_standings
from tests.budgets import API_RATE_LIMIT
from tests.factories import SeriesFactory, TeamFactory, first_league, game, scenario, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def play():
    cache.clear()
    series = SeriesFactory(name="League session 1")
    owls = TeamFactory(name="Owls", members=["Ann", "Bob"])
    crows = TeamFactory(name="Crows", members=["Cy", "Di"])
    dunwich = scenario(series=series, tasks=("One", "Two", "Three"))
    one, two, _ = dunwich.tasks.all()
    best = game(team=owls, scenario=dunwich, tasks=[one, two], played_on=datetime.date(2026, 2, 1))
    game(team=owls, scenario=dunwich, played_on=datetime.date(2026, 2, 2))
    crow_game = game(
        team=crows,
        scenario=dunwich,
        seats=[seat("Cy", "Vincent Lee"), seat("Di", "Carolyn Fern")],
        terror_level=5,
        played_on=datetime.date(2026, 2, 3),
    )
    game(team=crows, scenario=dunwich, status="pending", played_on=datetime.date(2026, 2, 4))
    scenario("Soon", opens_at=datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC))
    scenario(
        "Gone",
        opens_at=datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC),
        closes_at=datetime.datetime(2025, 6, 1, tzinfo=datetime.UTC),
    )
    return {"series": series, "owls": owls, "dunwich": dunwich, "best": best, "crow": crow_game}


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content
    return response.json()


def test_team_standings_are_the_pages_rows(client, play):
    rows = {row["slug"]: row for row in get(client, "/api/teams")["items"]}
    expected = team_standings(first_league()).get(pk=play["owls"].pk)
    owls = rows["owls"]
    assert owls["games"] == expected.games == 2
    assert owls["series_points"] == expected.series_points == play["best"].scenario_score
    assert owls["scenarios_entered"] == 1
    assert list(rows) == ["owls", "crows"]  # series points first


def test_a_team_has_its_members_record_and_entry(client, play):
    team = get(client, "/api/teams/owls")
    assert [member["name"] for member in team["members"]] == ["Ann", "Bob"]
    assert team["summary"]["games"] == 2
    assert [entry["game_id"] for entry in team["entries"]] == [play["best"].pk]
    assert team["entries"][0]["scenario"]["slug"] == play["dunwich"].slug


def test_scenarios_are_listed_by_state(client, play):
    states = {row["name"]: row["state"] for row in get(client, "/api/scenarios")}
    assert states == {"The Dunwich Horror returns": "open", "Soon": "upcoming", "Gone": "closed"}


def test_a_scenarios_board_ranks_its_entries_and_leaves_out_pending_games(client, play):
    board = get(client, f"/api/scenarios/{play['dunwich'].slug}")
    assert board["tasks"] == ["One", "Two", "Three"]
    assert [(e["rank"], e["game_id"]) for e in board["board"]] == [
        (1, play["best"].pk),
        (2, play["crow"].pk),
    ]
    first = board["board"][0]
    assert first["tasks_completed"] == 2
    assert first["scenario_score"] == play["best"].score + 2
    assert first["team"]["slug"] == "owls"
    assert board["entries"] == 2


def test_series_standings_per_team_and_player(client, play):
    series = get(client, f"/api/series/{play['series'].slug}")
    expected = [(row.team.slug, row.points) for row in series_team_standings(play["series"])]
    assert [(row["slug"], row["points"]) for row in series["teams"]] == expected
    assert expected == [
        ("owls", play["best"].scenario_score),
        ("crows", play["crow"].scenario_score),
    ]
    players = {row["name"]: row["points"] for row in series["players"]}
    assert players["Ann"] == play["best"].scenario_score
    assert players["Cy"] == play["crow"].scenario_score
    assert [row["slug"] for row in get(client, "/api/series")] == [play["series"].slug]


def test_a_game_names_its_team_scenario_and_tasks(client, play):
    detail = get(client, f"/api/games/{play['best'].pk}")
    assert detail["team"]["name"] == "Owls"
    assert detail["scenario"]["slug"] == play["dunwich"].slug
    assert detail["tasks"] == ["One", "Two"]
    assert detail["scenario_score"] == play["best"].scenario_score
    assert detail["is_entry"] is True


def test_league_play_lists_read_in_constant_queries(client, play, django_assert_max_num_queries):
    for url in ("/api/teams", "/api/scenarios", f"/api/scenarios/{play['dunwich'].slug}"):
        with django_assert_max_num_queries(12 + API_RATE_LIMIT):
            get(client, url)
