"""A player's page: record by Ancient One, score chart, investigators, teammates, history."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Player
from tests.addresses import reverse
from tests.budgets import (
    CACHE_READ,
    CACHE_STORE,
    CHART,
    FILTER_CHOICES,
    PAGE_CACHE_FIRST_MISS,
)
from tests.factories import SeasonFactory, demo_league, game, seat

pytestmark = pytest.mark.django_db


def url(slug="ann"):
    return reverse("league:player", kwargs={"slug": slug})


@pytest.fixture
def ann_games():
    return [
        game(
            ancient_one="Cthulhu",
            seats=[
                seat("Ann", "Amanda Sharpe", gate_trophies=2),
                seat("Ann", "Bob Jenkins"),
                seat("Bob", "Darrell Simmons"),
            ],
            played_on=datetime.date(2026, 1, 5),
        ),
        game(
            ancient_one="Hastur",
            seats=[seat("Ann", "Amanda Sharpe"), seat("Cid", "Bob Jenkins", gate_trophies=1)],
            played_on=datetime.date(2025, 5, 5),
        ),
        game(
            ancient_one="Hastur",
            outcome="defeat",
            defeat_cause="devoured",
            seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")],
            played_on=datetime.date(2026, 2, 1),
        ),
        game(status="pending", seats=[seat("Ann", "Amanda Sharpe")]),
    ]


def test_record_by_ancient_one(client, ann_games):
    response = client.get(url())
    assert response.status_code == 200
    profile = response.context["profile"]
    assert (profile.summary["games"], profile.summary["victories"]) == (3, 2)
    assert profile.summary["first_citizen_titles"] == 1
    record = {row["ancient_one__name"]: row for row in profile.by_ancient_one}
    assert (record["Hastur"]["games"], record["Hastur"]["victories"]) == (2, 1)
    assert record["Cthulhu"]["best_score"] == ann_games[0].score
    assert record["Hastur"]["win_pct"] == 50


def test_investigators_and_teammates(client, ann_games):
    profile = client.get(url()).context["profile"]
    investigators = {row["investigator__name"]: row["seats"] for row in profile.investigators}
    assert investigators == {"Amanda Sharpe": 3, "Bob Jenkins": 1}
    teammates = [(row["name"], row["slug"], row["games"]) for row in profile.teammates]
    assert teammates == [("Bob", "bob", 2), ("Cid", "cid", 1)]


def test_score_over_time_chart_and_history_table(client, ann_games):
    response = client.get(url())
    html = response.content.decode()
    # One point per month with a victory (best and mean), oldest first; defeats add none.
    assert response.context["profile"].months == [
        (datetime.date(2025, 5, 1), ann_games[1].score, ann_games[1].score),
        (datetime.date(2026, 1, 1), ann_games[0].score, ann_games[0].score),
    ]
    assert '<svg class="chart-svg"' in html and '<title id="score-over-time-title">' in html
    assert "Best and mean score" in html and "2 months in all" in html
    history = [row.record.pk for row in response.context["table"].paginated_rows]
    assert history == [ann_games[2].pk, ann_games[0].pk, ann_games[1].pk]
    table = response.context["table"]
    first_citizen = {row.record.pk: bool(row.record.titled_seats) for row in table.paginated_rows}
    assert first_citizen[ann_games[0].pk] is True
    assert first_citizen[ann_games[1].pk] is False
    assert html.count('<span class="true">') == 1


def test_chart_has_one_best_and_one_mean_point_per_month(client):
    low = game(terror_level=6, seats=[seat("Ann")], played_on=datetime.date(2026, 3, 2))
    high = game(terror_level=0, seats=[seat("Ann")], played_on=datetime.date(2026, 3, 20))
    game(terror_level=2, seats=[seat("Ann")], played_on=datetime.date(2026, 5, 1))
    response = client.get(url())
    march, may = response.context["profile"].months
    assert march == (datetime.date(2026, 3, 1), high.score, (low.score + high.score) / 2)
    assert may[0] == datetime.date(2026, 5, 1)
    chart = response.context["chart"]
    assert [line.key for line in chart.series] == ["best", "mean"]
    assert [len(line.points) for line in chart.series] == [2, 2]
    html = response.content.decode()
    assert f"March 2026: best {high.score}" in html
    assert '<li class="chart-legend-mean">Mean score</li>' in html


def test_history_pages_count_from_the_standings_row(client):
    for day in range(1, 28):
        game(seats=[seat("Ann")], played_on=datetime.date(2026, 1, day))
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url(), {"page": 2})
    table = response.context["table"]
    assert table.paginator.count == 27 and table.paginator.num_pages == 2
    assert [row.record.played_on.day for row in table.paginated_rows] == [2, 1]
    counts = [q["sql"] for q in captured if "COUNT(*)" in q["sql"] and "games_session" in q["sql"]]
    assert counts == []


def test_season_filter(client, ann_games):
    SeasonFactory(name="2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31))
    profile = client.get(url(), {"season": "2025"}).context["profile"]
    assert profile.summary["games"] == 1
    assert [row["ancient_one__name"] for row in profile.by_ancient_one] == ["Hastur"]


def test_unknown_player_is_404(client):
    assert client.get(url("nobody")).status_code == 404


def test_a_player_without_approved_games_has_no_public_page(client):
    Player.objects.create(name="Newcomer")
    assert client.get(url("newcomer")).status_code == 404


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    # Only players with an approved game have a public page.
    busiest = Player.objects.listed().order_by("-seats__id").first()
    # 13: the page's 10, and the history filter's three choice lists (Ancient Ones,
    # investigators, teammates), read in one cache round trip and stored in two (the
    # catalog's and the player's own); the season picker's list is its own read and store;
    # a first miss after a bulk load stores the player's version; each of the two charts
    # is read from the cache, and stored there.
    season_choices = CACHE_READ + CACHE_STORE
    with django_assert_max_num_queries(
        13 + PAGE_CACHE_FIRST_MISS + season_choices + FILTER_CHOICES + 2 * CHART
    ):
        assert client.get(url(busiest.slug)).status_code == 200
