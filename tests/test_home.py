"""The home page: totals, latest results, best scores, First Citizens, links everywhere."""

import datetime
import re

import pytest

from tests.addresses import reverse
from tests.budgets import PAGE_CACHE_FIRST_MISS
from tests.factories import SeasonFactory, demo_league, game, seat

pytestmark = pytest.mark.django_db

URL = reverse("league:home")


def test_totals_best_scores_and_first_citizens(client):
    # Ann runs two investigators at her titled game: still one title.
    best = game(
        terror_level=0,
        seats=[
            seat("Ann", gate_trophies=2),
            seat("Ann", "Vincent Lee"),
            seat("Bob", "Bob Jenkins"),
        ],
    )
    game(outcome="defeat", defeat_cause="devoured")
    game(status="pending", terror_level=0)
    response = client.get(URL)
    assert response.status_code == 200
    assert response.context["totals"] == {"games": 2, "victories": 1, "win_pct": 50}
    assert [g.pk for g in response.context["best"]] == [best.pk]
    titles = [(r.player.name, r.first_citizen_titles) for r in response.context["first_citizens"]]
    assert titles == [("Ann", 1)]
    assert len(response.context["latest"]) == 2


def test_links_into_every_league_page(client):
    html = client.get(URL).content.decode()
    for name in ("league:leaderboard", "league:standings", "league:ancient_ones"):
        assert f'href="{reverse(name)}"' in html
    assert "No season is running" in html


def test_season_leaders_come_from_the_current_season_only(client):
    SeasonFactory(name="Now", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31))
    game(seats=[seat("Ann")], played_on=datetime.date(2026, 2, 1))
    game(seats=[seat("Ann")], played_on=datetime.date(2026, 3, 1))
    game(seats=[seat("Bob")], played_on=datetime.date(2026, 3, 1))
    game(seats=[seat("Bob")], played_on=datetime.date(2025, 3, 1))  # before the season
    game(seats=[seat("Bob")], played_on=datetime.date(2025, 4, 1))
    response = client.get(URL)
    leaders = [(r.player.name, r.victories) for r in response.context["season_leaders"]]
    assert leaders == [("Ann", 2), ("Bob", 1)]
    assert response.context["totals"]["games"] == 5


def test_best_scores_skip_defeats_and_ties_share_a_rank_earlier_first(client):
    later = game(terror_level=0, played_on=datetime.date(2026, 2, 1))
    earlier = game(terror_level=0, played_on=datetime.date(2026, 1, 1))
    game(outcome="defeat", defeat_cause="devoured")
    best = client.get(URL).context["best"]
    assert [(g.pk, g.rank) for g in best] == [(earlier.pk, 1), (later.pk, 1)]


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    SeasonFactory(name="Now", start=datetime.date(2020, 1, 1), end=datetime.date(2030, 12, 31))
    # After a bulk load a first miss also stores the version of what the page shows.
    with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS):
        assert client.get(URL).status_code == 200


def test_best_scores_name_each_player_once_however_many_seats(client):
    # Three players, two investigators each, seated in turn round the table.
    investigators = ["Amanda Sharpe", "Bob Jenkins", "Vincent Lee", "Kate Winthrop"]
    investigators += ["Monterey Jack", "Jenny Barnes"]
    names = ["Otto", "Flo", "Ben"] * 2
    game(seats=[seat(name, who) for name, who in zip(names, investigators, strict=True)])
    html = client.get(URL).content.decode()
    best = html[html.index("<caption>Best approved victories</caption>") :]
    row = r'<td class="num"[^>]*>\d+</td><td[^>]*>.*?</td>\s*<td[^>]*>(.*?)</td>'
    cells = re.search(row, best, re.S)
    assert re.findall(r">([^<]+)</a>", cells.group(1)) == ["Otto", "Flo", "Ben"]
