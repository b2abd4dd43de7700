"""Investigators: the list (rates with intervals, sorts, filters, export) and one's page."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.intervals import wilson
from games.models import Investigator, InvestigatorStanding, Player
from league.caching.subjects import league_key
from league.caching.versions import shared
from league.queries.investigators import investigator_standings
from tests.addresses import reverse
from tests.factories import SeasonFactory, demo_league, first_league, game, seat

pytestmark = pytest.mark.django_db

URL = reverse("league:investigators")


def rows(response):
    return [row.record for row in response.context["table"].rows]


def by_name(response):
    return {record.name: record for record in rows(response)}


@pytest.fixture
def played(catalog):
    """Amanda: 2 wins of 2 (one seat devoured). Bob: 6 wins of 10, one seat retired."""
    for i in range(2):
        game(
            terror_level=i,
            seats=[seat("Ann", "Amanda Sharpe", ended="devoured" if i else "sane")],
            played_on=datetime.date(2026, 3, 1),
        )
    for i in range(10):
        won = i < 6
        game(
            outcome="sealed" if won else "defeat",
            defeat_cause="" if won else "devoured",
            seats=[seat("Bob", "Bob Jenkins", ended="retired" if i == 0 else "sane")],
            played_on=datetime.date(2025, 6, 1),
        )


def test_every_investigator_of_the_catalog_with_its_record(client, played):
    response = client.get(URL)
    found = by_name(response)
    assert len(found) == Investigator.objects.count()
    amanda, bob = found["Amanda Sharpe"], found["Bob Jenkins"]
    assert (amanda.games, amanda.victories, amanda.devoured) == (2, 2, 1)
    assert (bob.games, bob.victories, bob.retired, bob.lost) == (10, 6, 1, 0)
    assert found["Carolyn Fern"].games == 0
    assert bob.best_score is not None and bob.avg_victory_score is not None


def test_sql_interval_matches_the_pure_function(played):
    for row in investigator_standings(first_league()).filter(games__gt=0):
        low, high = wilson(row.victories, row.games)
        assert row.win_low == pytest.approx(100 * low)
        assert row.win_high == pytest.approx(100 * high)
    assert investigator_standings(first_league()).get(name="Carolyn Fern").win_low is None


def test_sorting_by_win_rate_sorts_by_the_lower_bound(client, played):
    names = [record.name for record in rows(client.get(URL, {"sort": "-win_pct"}))]
    # 2 of 2 (low bound 34%) above 6 of 10 (31%); the unplayed (no bound) last.
    assert names.index("Amanda Sharpe") < names.index("Bob Jenkins")
    assert names[-1] not in {"Amanda Sharpe", "Bob Jenkins"}
    game(seats=[seat("Cy", "Carolyn Fern")], played_on=datetime.date(2026, 3, 2))
    names = [record.name for record in rows(client.get(URL, {"sort": "-win_pct"}))]
    # 1 of 1 is 100% but its lower bound (21%) is below Bob's 60% of 10 (31%).
    assert names.index("Bob Jenkins") < names.index("Carolyn Fern")


def test_rates_show_interval_and_few_games(client, played):
    page = client.get(URL).content.decode()
    assert '60% <span class="interval">(31–83%)</span>' in page
    assert '100% <span class="interval">(34–100%)</span> <span class="few">few games</span>' in page
    assert "sorts by the interval's lower bound" in page


def test_minimum_games_and_season_filters(client, played):
    found = by_name(client.get(URL, {"min_games": 3}))
    assert set(found) == {"Bob Jenkins"}
    SeasonFactory(name="Spring", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31))
    found = by_name(client.get(URL, {"season": "spring", "min_games": 1}))
    assert set(found) == {"Amanda Sharpe"}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("2.5", "Enter a whole number."),
        ("0", "Ensure this value is greater than or equal to 1."),
        ("1e30", "Enter a whole number."),
        ("1000001", "Ensure this value is less than or equal to 1000000."),
    ],
)
def test_a_minimum_that_is_not_a_whole_number_from_1_is_refused_next_to_the_field(
    client, played, given, message
):
    response = client.get(URL, {"min_games": given})
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert f'value="{given}"' in html  # what was typed comes back


def test_bad_filter_input_is_a_message_not_a_crash(client, played):
    response = client.get(URL, {"min_games": "lots", "season": "nope"})
    assert response.status_code == 200
    assert "Enter a whole number" in response.content.decode()


def test_export_carries_counts_and_interval(client, played):
    response = client.get(URL, {"_export": "csv", "min_games": 3})
    header, *lines = response.getvalue().decode().splitlines()
    assert header == (
        "Investigator,Box,Games,Victories,Win % (95% interval),Win % low,Win % high,"
        "Mean victory score,Best score,Devoured,Devoured %,Lost in time and space,Lost %,"
        "Retired,Retired %"
    )
    assert lines[0].startswith("Bob Jenkins,Arkham Horror,10,6,60,31.3,83.2,")
    workbook = client.get(URL, {"_export": "xlsx"})
    assert workbook.status_code == 200
    workbook.close()


def test_investigator_page(client, played):
    bob = Investigator.objects.get(name="Bob Jenkins")
    response = client.get(bob.get_absolute_url())
    assert response.status_code == 200
    context = response.context
    assert [r.investigator_count for r in context["by_table_size"].data] == [1]
    assert [r.ancient_one.name for r in context["by_ancient_one"].data] == ["Cthulhu"]
    assert [r.player.name for r in context["players"].data] == ["Bob"]
    best = list(context["best_games"].data)
    assert len(best) == 6 and best[0].score >= best[-1].score
    assert '60% <span class="interval">(31–83%)</span>' in response.content.decode()


def test_players_shown_are_public_only(client, played):
    Player.objects.create(name="Hidden")
    game(status="pending", seats=[seat("Hidden", "Bob Jenkins")])
    bob = Investigator.objects.get(name="Bob Jenkins")
    names = [r.player.name for r in client.get(bob.get_absolute_url()).context["players"].data]
    assert "Hidden" not in names


def test_unknown_investigator_is_404(client, catalog):
    assert client.get(reverse("league:investigator", kwargs={"slug": "nobody"})).status_code == 404


def _queries(client, url, params=None):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, params or {}).status_code == 200
    return len(captured)


def test_query_count_is_flat_in_league_size(client, catalog, settings):
    # The pages' own queries: a first miss after a bulk load also stores its subject's
    # version, which the cache tests count.
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    demo_league(10)
    SeasonFactory(name="Long", start=datetime.date(2020, 1, 1), end=datetime.date(2030, 1, 1))
    # The league's own version, made by the first page read after its rows were written.
    shared(league_key(first_league().pk))
    investigator = InvestigatorStanding.objects.order_by("-games").first().investigator
    detail = investigator.get_absolute_url()
    filters = {"season": "long", "min_games": 1, "sort": "-win_pct"}
    small = [_queries(client, URL), _queries(client, URL, filters), _queries(client, detail)]
    demo_league(300, seed=5)
    large = [_queries(client, URL), _queries(client, URL, filters), _queries(client, detail)]
    assert small == large
    assert max(large) <= 16


def test_the_record_fragment_is_retired_by_a_game_of_the_investigator(client, played, settings):
    settings.LEAGUE_PAGE_CACHE_SECONDS = 600
    bob = Investigator.objects.get(name="Bob Jenkins").get_absolute_url()
    assert '<span class="stat">10</span> approved games, 6 won' in client.get(bob).text
    game(seats=[seat("Bob", "Bob Jenkins")], played_on=datetime.date(2025, 7, 1))
    page = client.get(bob)
    assert page["X-Cache"] == "miss"
    assert '<span class="stat">11</span> approved games, 7 won' in page.text


def test_an_investigator_never_played_has_an_empty_record(client, played):
    never = Investigator.objects.exclude(name__in=["Bob Jenkins", "Amanda Sharpe"]).first()
    page = client.get(never.get_absolute_url()).text
    assert '<span class="stat">0</span> approved games, 0 won' in page
    assert '<span class="stat">—</span> best score</p>' in page
