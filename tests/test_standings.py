"""Standings: one row per player over approved games, by season, with a games minimum."""

import datetime

import pytest

from games.models import PlayerStanding
from tests.addresses import reverse
from tests.budgets import FILTER_CHOICES, PAGE_CACHE_FIRST_MISS
from tests.factories import SeasonFactory, demo_league, game, seat

pytestmark = pytest.mark.django_db

URL = reverse("league:standings")


def by_name(response):
    return {row.record.name: row.record for row in response.context["table"].paginated_rows}


@pytest.fixture
def league_games():
    """Ann holds two seats at a high-scoring win; Bob wins once alone; one defeat; noise."""
    two_seats = game(
        terror_level=0,
        seats=[
            seat("Ann", "Amanda Sharpe", gate_trophies=2, monster_trophies=3),
            seat("Ann", "Bob Jenkins", monster_trophies=1),
            seat("Cid", "Darrell Simmons"),
        ],
        played_on=datetime.date(2026, 3, 1),
    )
    one_seat = game(
        terror_level=6,
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins", gate_trophies=1)],
        played_on=datetime.date(2025, 6, 1),
    )
    game(
        outcome="defeat",
        defeat_cause="devoured",
        seats=[seat("Ann", "Amanda Sharpe", gate_trophies=4), seat("Bob", "Bob Jenkins")],
    )
    game(status="pending", seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    game(status="rejected", seats=[seat("Dee", "Amanda Sharpe")])
    return two_seats, one_seat


def test_one_row_per_player_with_database_aggregates(client, league_games):
    two_seats, one_seat = league_games
    response = client.get(URL)
    assert response.status_code == 200
    rows = by_name(response)
    assert set(rows) == {"Ann", "Bob", "Cid"}  # Dee has only a rejected game
    ann = rows["Ann"]
    assert (ann.games, ann.victories, ann.first_citizen_titles) == (3, 2, 1)
    assert ann.win_pct == pytest.approx(200 / 3)
    assert ann.best_score == two_seats.score
    # Each game once, however many seats Ann held at it.
    assert ann.avg_victory_score == pytest.approx((two_seats.score + one_seat.score) / 2)
    assert (ann.gate_trophies, ann.monster_trophies) == (2 + 0 + 4, 3 + 1)
    assert rows["Bob"].first_citizen_titles == 1
    assert rows["Cid"].avg_victory_score == two_seats.score


def test_minimum_games_filter_drops_thin_records(client, league_games):
    response = client.get(URL, {"min_games": 2})
    assert set(by_name(response)) == {"Ann", "Bob"}
    response = client.get(URL, {"min_games": 3})
    assert set(by_name(response)) == {"Ann"}


def test_season_bounds_the_standings(client, league_games):
    SeasonFactory(name="2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31))
    rows = by_name(client.get(URL, {"season": "2025"}))
    assert set(rows) == {"Ann", "Bob"}
    assert (rows["Ann"].games, rows["Ann"].victories) == (1, 1)


def test_finished_season_keeps_its_standings_when_later_games_arrive(
    client, league_games, settings
):
    # The tables themselves (their context): a later game rightly leaves this season's
    # cached page a hit, which carries no context.
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    SeasonFactory(name="2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31))
    before = {
        name: (r.games, r.victories)
        for name, r in by_name(client.get(URL, {"season": "2025"})).items()
    }
    game(seats=[seat("Ann"), seat("Eve", "Bob Jenkins")], played_on=datetime.date(2026, 4, 1))
    after = {
        name: (r.games, r.victories)
        for name, r in by_name(client.get(URL, {"season": "2025"})).items()
    }
    assert after == before


@pytest.mark.parametrize(
    "sort", ["win_pct", "-win_pct", "best_score", "-avg_victory_score", "games", "name"]
)
def test_sortable_on_every_column(client, league_games, sort):
    response = client.get(URL, {"sort": sort})
    assert response.status_code == 200
    assert len(by_name(response)) == 3


def names(client, sort):
    response = client.get(URL, {"sort": sort})
    return [row.record.name for row in response.context["table"].paginated_rows]


@pytest.mark.parametrize(
    "sort, expected",
    [
        # Win % from the stored counts: Ann and Cid 100, Bob 50, Dee 0; ties by name.
        ("-win_pct", ["Ann", "Cid", "Bob", "Dee"]),
        ("win_pct", ["Dee", "Bob", "Ann", "Cid"]),
        # Average victory score = score sum / victories; no victory sorts last either way.
        ("-avg_victory_score", ["Bob", "Cid", "Ann", "Dee"]),
        ("avg_victory_score", ["Ann", "Cid", "Bob", "Dee"]),  # Bob's gates score
        ("-victories", ["Ann", "Bob", "Cid", "Dee"]),
        ("-games", ["Ann", "Bob", "Cid", "Dee"]),
        ("-gate_trophies", ["Bob", "Ann", "Cid", "Dee"]),
        ("name", ["Ann", "Bob", "Cid", "Dee"]),
        ("-name", ["Dee", "Cid", "Bob", "Ann"]),
    ],
)
def test_sorts_on_summary_columns(client, sort, expected):
    """Ann 2 of 2 (low scores), Bob 1 of 2 (the best win), Cid 1 of 1 (high), Dee 0 of 1."""
    game(terror_level=6, seats=[seat("Ann")])
    game(terror_level=6, seats=[seat("Ann")], played_on=datetime.date(2026, 2, 1))
    game(terror_level=0, seats=[seat("Bob", gate_trophies=3)])
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Bob")])
    game(terror_level=0, seats=[seat("Cid")], played_on=datetime.date(2026, 3, 1))
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Dee")])
    assert names(client, sort) == expected


def test_rows_are_summary_rows_and_pages_count_them(client, league_games):
    response = client.get(URL)
    table = response.context["table"]
    assert all(isinstance(row.record, PlayerStanding) for row in table.paginated_rows)
    assert table.paginator.count == 3
    assert response.context["table"].paginated_rows[0].record.player.name == "Ann"


def test_export_keeps_its_columns(client, league_games):
    response = client.get(URL, {"_export": "csv"})
    header, *rows = response.getvalue().decode().splitlines()
    assert header == (
        "Player,Games,Victories,Win %,Rating,Rating: even-game win %,Rating σ,Rated games,"
        "First Citizen,Best score,Avg victory score,Gate trophies,Monster trophies"
    )
    # Not rated yet: the ratings' job runs once the writes commit.
    assert rows[0].startswith("Ann,3,2,67,,,,,1,")


def test_sorting_by_best_score_puts_players_without_victories_last(client):
    game(seats=[seat("Ann")])
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Zed")])
    for sort in ("best_score", "-best_score"):
        names = [
            row.record.name
            for row in client.get(URL, {"sort": sort}).context["table"].paginated_rows
        ]
        assert names[-1] == "Zed"


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    SeasonFactory(name="Long", start=datetime.date(2020, 1, 1), end=datetime.date(2030, 1, 1))
    # The page's 4; a first miss after a bulk load also stores the season's version.
    with django_assert_max_num_queries(4 + PAGE_CACHE_FIRST_MISS + FILTER_CHOICES):
        assert client.get(URL).status_code == 200
    with django_assert_max_num_queries(4 + PAGE_CACHE_FIRST_MISS + FILTER_CHOICES):
        assert (
            client.get(URL, {"season": "long", "min_games": 3, "sort": "-win_pct"}).status_code
            == 200
        )


@pytest.mark.parametrize("sort", ["-win_pct", "win_pct", "-avg_victory_score", "name"])
def test_team_standings_still_sort_on_the_shared_columns(client, sort):
    """The team table reuses these columns over its own rows."""
    response = client.get(reverse("league:teams"), {"sort": sort})
    assert response.status_code == 200


@pytest.mark.parametrize("given", ["82.5", "0", "-3", "lots"])
def test_a_minimum_that_is_not_a_whole_number_from_1_is_refused_as_the_api_refuses_it(
    client, league_games, given
):
    page = client.get(URL, {"min_games": given})
    api = client.get("/api/standings", {"min_games": given})
    assert page.status_code == 200 and api.status_code == 422
    html = page.content.decode()
    assert "Enter a whole number." in html or "greater than or equal to 1" in html
    assert f'value="{given}"' in html
