"""Heralds and boxes: games with each in play against games without it (rates with
intervals, sorts, season, export, API), and an Ancient One's win rate by table size."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.intervals import wilson
from games.models import Herald
from league.caching.subjects import league_key
from league.caching.versions import shared
from league.queries.in_play import box_standings, herald_standings
from tests.addresses import reverse
from tests.budgets import LEAGUE_READ
from tests.factories import SeasonFactory, demo_league, first_league, game, seat

pytestmark = pytest.mark.django_db

HERALDS = reverse("league:heralds")
BOXES = reverse("league:boxes")
KINGSPORT = ("Arkham Horror", "Kingsport Horror")


def by_name(response):
    return {row.record.name: row.record for row in response.context["table"].rows}


def names(response):
    return [row.record.name for row in response.context["table"].rows]


@pytest.fixture
def played(catalog):
    """Ghroth: 2 wins of 2 (Kingsport). Mother Hydra: 6 wins of 10 (Innsmouth), in 2025.
    Two defeats with no herald and the base game alone."""
    ghroth, hydra = Herald.objects.get(name="Ghroth"), Herald.objects.get(name="Mother Hydra")
    for i in range(2):
        game(herald=ghroth, boxes=KINGSPORT, terror_level=i, played_on=datetime.date(2026, 3, 1))
    for i in range(10):
        won = i < 6
        game(
            herald=hydra,
            boxes=("Arkham Horror", "Innsmouth Horror"),
            outcome="sealed" if won else "defeat",
            defeat_cause="" if won else "devoured",
            played_on=datetime.date(2025, 6, 1),
        )
    for _ in range(2):
        game(outcome="defeat", defeat_cause="devoured", played_on=datetime.date(2026, 3, 2))


def test_every_herald_with_its_games_and_the_games_without_it(client, played):
    found = by_name(client.get(HERALDS))
    assert len(found) == Herald.objects.count()
    ghroth, hydra = found["Ghroth"], found["Mother Hydra"]
    assert (ghroth.games, ghroth.victories, ghroth.games_without) == (2, 2, 12)
    assert (hydra.games, hydra.victories) == (10, 6)
    assert (hydra.games_without, hydra.victories_without) == (4, 2)
    assert hydra.avg_victory_score is not None and ghroth.best_score is not None
    assert found["Tulzscha"].games == 0 and found["Tulzscha"].games_without == 14


def test_the_page_shows_the_league_and_the_games_with_no_herald(client, played):
    page = client.get(HERALDS).content.decode()
    assert "14</span> approved games in all: 57%" in page
    assert '2</span> with no herald: 0% <span class="interval">(0–66%)</span>' in page
    assert '60% <span class="interval">(31–83%)</span>' in page
    assert '100% <span class="interval">(34–100%)</span> <span class="few">few games</span>' in page
    assert "sorts by the interval's lower bound" in page


def test_every_box_in_play_against_the_games_without_it(client, played):
    found = by_name(client.get(BOXES))
    base, kingsport = found["Arkham Horror"], found["Kingsport Horror"]
    assert (base.games, base.victories, base.games_without, base.win_pct_without) == (
        14,
        8,
        0,
        None,
    )
    assert (kingsport.games, kingsport.games_without, kingsport.victories_without) == (2, 12, 6)
    assert found["Dunwich Horror"].games == 0


def test_sql_intervals_match_the_pure_function(played):
    for row in [*herald_standings(first_league()), *box_standings(first_league())]:
        for suffix in ("", "_without"):
            games, wins = getattr(row, f"games{suffix}"), getattr(row, f"victories{suffix}")
            low = getattr(row, f"win_low{suffix}")
            if games:
                assert low == pytest.approx(100 * wilson(wins, games)[0])
                assert getattr(row, f"win_high{suffix}") == pytest.approx(
                    100 * wilson(wins, games)[1]
                )
            else:
                assert low is None


def test_sorting_by_win_rate_sorts_by_the_lower_bound(client, played):
    # 2 of 2 (low bound 34%) above 6 of 10 (31%); the unplayed (no bound) after both.
    order = names(client.get(HERALDS, {"sort": "-win_pct"}))
    assert order[:2] == ["Ghroth", "Mother Hydra"]
    # Without Ghroth: 6 of 12 (low 25%); without Hydra: 2 of 4 (low 15%).
    order = names(client.get(HERALDS, {"sort": "-win_pct_without"}))
    assert order.index("Ghroth") < order.index("Mother Hydra")
    # Ascending too, the rates with no games stay last.
    order = names(client.get(BOXES, {"sort": "win_pct"}))
    assert order[:3] == ["Innsmouth Horror", "Arkham Horror", "Kingsport Horror"]


def test_season_filter(client, played):
    SeasonFactory(name="Spring", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31))
    found = by_name(client.get(HERALDS, {"season": "spring"}))
    assert (found["Ghroth"].games, found["Ghroth"].games_without) == (2, 2)
    assert found["Mother Hydra"].games == 0
    assert (
        "4</span> approved games in all" in client.get(BOXES, {"season": "spring"}).content.decode()
    )


def test_bad_filter_input_is_a_message_not_a_crash(client, played):
    for url in (HERALDS, BOXES):
        response = client.get(url, {"season": "nope", "sort": "-win_pct_without"})
        assert response.status_code == 200
        assert "Select a valid choice" in response.content.decode()


def test_exports_carry_counts_and_intervals(client, played):
    response = client.get(HERALDS, {"_export": "csv", "sort": "-win_pct"})
    header, *lines = response.getvalue().decode().splitlines()
    assert header == (
        "Herald,Box,Games with,Victories with,Win % with (95% interval),Win % with low,"
        "Win % with high,Mean victory score with,Games without,Win % without (95% interval),"
        "Win % without low,Win % without high,Mean victory score without"
    )
    assert lines[1].startswith("Mother Hydra,Innsmouth Horror,10,6,60,31.3,83.2,")
    assert lines[1].split(",")[8:12] == ["4", "50", "15.0", "85.0"]
    assert response["Content-Disposition"].endswith('heralds.csv"')
    workbook = client.get(BOXES, {"_export": "xlsx"})
    assert workbook.status_code == 200
    workbook.close()


def test_ancient_one_page_shows_win_rate_by_number_of_investigators(client, played):
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cy", "Carolyn Fern")])
    response = client.get(reverse("league:ancient_one", kwargs={"slug": "cthulhu"}))
    rows = [
        (r.investigator_count, r.games, r.victories) for r in response.context["by_table_size"].data
    ]
    assert rows == [(2, 14, 8), (3, 1, 1)]
    assert "By number of investigators" in response.content.decode()


def test_api_heralds_and_boxes(client, played):
    heralds = client.get("/api/heralds").json()["items"]
    hydra = next(row for row in heralds if row["name"] == "Mother Hydra")
    assert (hydra["games"], hydra["victories"], hydra["few_games"]) == (10, 6, False)
    assert hydra["win_low"] == pytest.approx(100 * wilson(6, 10)[0])
    assert (hydra["without"]["games"], hydra["without"]["victories"]) == (4, 2)
    assert [row["name"] for row in heralds[:2]] == ["Ghroth", "Mother Hydra"]
    boxes = client.get("/api/boxes", {"page_size": 2, "page": 2}).json()
    assert boxes["count"] == 10 and len(boxes["items"]) == 2
    assert client.get("/api/boxes", {"season": "nope"}).status_code == 422


def test_api_investigators_and_ancient_one_table_sizes(client, played):
    rows = client.get("/api/investigators", {"min_games": 1}).json()["items"]
    assert {row["name"] for row in rows} == {"Amanda Sharpe", "Bob Jenkins"}
    amanda = client.get("/api/investigators/amanda-sharpe").json()
    assert amanda["investigator"]["games"] == 14
    assert [r["investigators"] for r in amanda["by_investigator_count"]] == [2]
    assert [p["name"] for p in amanda["players"]] == ["Ann"]
    cthulhu = client.get("/api/ancient-ones/cthulhu").json()
    assert [(r["investigators"], r["games"]) for r in cthulhu["by_investigator_count"]] == [(2, 14)]


def _queries(client, url, params=None):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, params or {}).status_code == 200
    return len(captured)


def test_query_count_is_flat_in_league_size(client, catalog, settings):
    # The pages' own queries: what the page cache costs is the cache tests' subject (a
    # miss may also store the versions of the subjects a page shows, the first time).
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    demo_league(10)
    SeasonFactory(name="Long", start=datetime.date(2020, 1, 1), end=datetime.date(2030, 1, 1))
    # The league's own version, made by the first page read after its rows were written.
    shared(league_key(first_league().pk))
    filters = {"season": "long", "sort": "-win_pct_without"}

    def counts():
        return [
            _queries(client, url, params)
            for url in (HERALDS, BOXES)
            for params in ({}, filters, {"_export": "csv"})
        ] + [
            _queries(client, "/api/heralds"),
            _queries(client, "/api/boxes", {"season": "long"}),
            _queries(client, "/api/investigators"),
            _queries(client, "/api/investigators/amanda-sharpe", {"season": "long"}),
        ]

    small = counts()
    demo_league(300, seed=5)
    large = counts()
    # The pages' own queries are the same at both sizes; the API's also count its rate
    # limit's and conditional answers' cache entries, which may be stored once more on
    # PostgreSQL: the same bound holds for both sizes. One query of it reads the request's
    # league (``request.league``), which every league's answer names.
    assert small[:6] == large[:6]
    assert max(small) <= 16 + LEAGUE_READ and max(large) <= 16 + LEAGUE_READ  # the API's ?league=
    # The Ancient One page's budget (one query more for its table sizes) is pinned in
    # tests/test_ancient_one_pages.py.
