"""Leaderboard ranks and totals from a score ladder: competition ranking on any page and in
any sort, read from the summary histogram or counted over the filtered games alike."""

import datetime
from collections import Counter

import pytest

from games.models import AncientOne, Session
from league.models import Season
from league.pages.paginators import KnownCountPaginator
from league.queries.games import league_games
from league.queries.ranks import ScoreLadder, ladder_from_summaries, ladder_of
from tests.addresses import reverse
from tests.budgets import FILTER_CHOICES, PAGE_CACHE_FIRST_MISS
from tests.factories import demo_league, first_league, game

pytestmark = pytest.mark.django_db

URL = reverse("league:leaderboard")


def rows(response):
    return list(response.context["table"].paginated_rows)


def ranks_shown(response):
    return [(row.record.score, row.get_cell_value("rank")) for row in rows(response)]


def expected_ranks(selection, response):
    """Competition ranks counted the slow, obvious way over every selected victory."""
    scores = list(selection.values_list("score", flat=True))
    return [
        (row.record.score, 1 + sum(other > row.record.score for other in scores))
        for row in rows(response)
    ]


def busiest(victories, *fields):
    """The most frequent value of ``fields`` among ``victories`` (a well-filled filter)."""
    counts = Counter(victories.values_list(*fields, flat=len(fields) == 1))
    return counts.most_common(1)[0][0]


def busiest_ancient_one():
    return busiest(Session.objects.approved().victories(), "ancient_one__slug")


@pytest.mark.parametrize(
    "score_counts, score, rank",
    [
        ({16: 1, 15: 2, 12: 1}, 16, 1),
        ({16: 1, 15: 2, 12: 1}, 15, 2),
        ({16: 1, 15: 2, 12: 1}, 12, 4),
        ({16: 1, 15: 2, 12: 1}, 20, 1),  # better than every one
        ({16: 1, 15: 2, 12: 1}, 3, 5),  # worse than every one
        ({}, 7, 1),
        ({5: 3}, None, None),
    ],
)
def test_ladder_rank_is_one_plus_the_victories_scoring_more(score_counts, score, rank):
    assert ScoreLadder(score_counts).rank(score) == rank


def test_ladder_total_counts_every_victory():
    assert ScoreLadder({16: 1, 15: 2, 12: 1}).total == 4
    assert ScoreLadder({}).total == 0


def test_equal_scores_share_a_rank_and_the_next_rank_skips(client):
    best = game(terror_level=0)
    late = game(played_on=datetime.date(2026, 2, 1))
    early = game(played_on=datetime.date(2026, 1, 1))
    worst = game(terror_level=5)
    response = client.get(URL)
    assert [row.record.pk for row in rows(response)] == [best.pk, early.pk, late.pk, worst.pk]
    assert [row.get_cell_value("rank") for row in rows(response)] == [1, 2, 2, 4]


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"page": 2},
        {"sort": "-played_on"},
        {"sort": "-played_on", "page": 2},
        {"sort": "played_on", "page": 3},
        {"sort": "investigator_count", "page": 2},
        {"sort": "score", "page": 2},
    ],
)
def test_ranks_on_every_page_and_sort_count_the_whole_selection(client, params):
    demo_league(160)
    response = client.get(URL, params)
    shown = ranks_shown(response)
    assert len(shown) == 25
    assert shown == expected_ranks(Session.objects.approved().victories(), response)


def test_ranks_under_summary_filters_count_only_the_filtered_victories(client):
    demo_league(160)
    slug = busiest_ancient_one()
    season = Season.objects.order_by("start").last()
    selection = league_games(first_league()).victories().filter(ancient_one__slug=slug)
    response = client.get(URL, {"ancient_one": slug, "sort": "-played_on"})
    assert response.context["table"].paginator.count == selection.count()
    assert ranks_shown(response) == expected_ranks(selection, response)
    in_season = league_games(first_league()).victories().in_season(season)
    response = client.get(URL, {"season": season.slug, "page": 2})
    assert response.context["table"].paginator.count == in_season.count()
    assert ranks_shown(response) == expected_ranks(in_season, response)


def test_ranks_under_other_filters_count_only_the_filtered_victories(client):
    demo_league(160)
    selection = league_games(first_league()).victories().filter(outcome="closed")
    response = client.get(URL, {"outcome": "closed", "page": 2})
    assert response.context["table"].paginator.count == selection.count()
    assert ranks_shown(response) == expected_ranks(selection, response)
    assert 'data-testid="match-count">' + f"{selection.count()} games match<" in (
        response.content.decode()
    )


def test_summary_histogram_and_grouped_count_give_the_same_ladder():
    demo_league(200)
    season = Season.objects.order_by("start").last()
    ancient_one = AncientOne.objects.get(slug=busiest_ancient_one())
    victories = league_games(first_league()).scored_victories()
    in_season = victories.in_season(season)
    ao_id, most_played = busiest(in_season, "ancient_one", "investigator_count")
    theirs = in_season.filter(ancient_one_id=ao_id, investigator_count=most_played)
    cases = [
        ({}, victories),
        ({"ancient_one": ancient_one}, victories.filter(ancient_one=ancient_one)),
        ({"investigators": 3}, victories.filter(investigator_count=3)),
        ({"season": season}, victories.in_season(season)),
        (
            {
                "ancient_one": AncientOne.objects.get(pk=ao_id),
                "investigators": most_played,
                "season": season,
            },
            theirs,
        ),
    ]
    for narrowing, selection in cases:
        from_summaries = ladder_from_summaries(first_league(), **narrowing)
        counted = ladder_of(selection)
        assert from_summaries.total == selection.count() > 0, narrowing
        assert from_summaries == counted, narrowing


def test_both_ways_to_the_ladder_show_the_same_page(client):
    """The same selection, once through the summaries and once counted over the games (an
    always-true date filter sends it there): same ranks, same total."""
    demo_league(160)
    slug, count = busiest(
        league_games(first_league()).victories(), "ancient_one__slug", "investigator_count"
    )
    narrowing = {"ancient_one": slug, "investigators": count}
    through_summaries = client.get(URL, narrowing)
    counted = client.get(URL, {**narrowing, "played_after": "1900-01-01"})
    assert ranks_shown(through_summaries) == ranks_shown(counted)
    assert (
        through_summaries.context["table"].paginator.count
        == counted.context["table"].paginator.count
        > 0
    )


def test_a_new_approved_victory_moves_ranks_and_the_total(client):
    game(terror_level=3)
    assert ranks_shown(client.get(URL))[0][1] == 1
    better = game(terror_level=0)
    response = client.get(URL)
    assert [row.record.pk for row in rows(response)][0] == better.pk
    assert [rank for _, rank in ranks_shown(response)] == [1, 2]
    assert response.context["table"].paginator.count == 2


def test_invalid_filters_show_no_rows_and_keep_what_was_typed(client):
    game()
    response = client.get(URL, {"played_after": "not a date", "investigators": "3"})
    assert response.status_code == 200
    assert rows(response) == []
    assert response.context["table"].paginator.count == 0
    assert 'value="not a date"' in response.content.decode()


def test_export_ranks_every_row_from_the_ladder(client):
    game(terror_level=0)
    game(played_on=datetime.date(2026, 1, 1))
    game(played_on=datetime.date(2026, 2, 1))
    response = client.get(URL, {"sort": "-played_on", "_export": "csv"})
    lines = response.getvalue().decode().splitlines()[1:]
    assert [line.split(",")[0] for line in lines] == ["2", "1", "2"]


@pytest.mark.parametrize("games", [10, 300])
@pytest.mark.parametrize(
    "params",
    [
        {"page": 2},
        {"ancient_one": "cthulhu", "investigators": "2", "sort": "-played_on"},
        {"outcome": "closed", "boxes": ["arkham-horror"], "sort": "investigator_count", "page": 2},
    ],
)
def test_query_count_is_constant_on_both_ladder_paths(
    client, django_assert_max_num_queries, games, params
):
    demo_league(games)
    # After a bulk load a first miss also stores the version of what the page shows.
    with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS + FILTER_CHOICES):
        assert client.get(URL, params).status_code == 200


def test_known_count_paginator_runs_no_count(django_assert_num_queries):
    demo_league(60)
    games = Session.objects.order_by("pk")
    paginator = KnownCountPaginator(games, 25, count=60)
    with django_assert_num_queries(1):
        page = paginator.page(2)
        assert len(list(page)) == 25
    assert (paginator.count, paginator.num_pages) == (60, 3)


@pytest.mark.parametrize(
    "sort, order",
    [
        ("-score", ("-score", "played_on", "pk")),
        ("score", ("score", "-played_on", "-pk")),
        ("-played_on", ("-played_on", "-pk")),
        ("played_on", ("played_on", "pk")),
        ("investigator_count", ("investigator_count", "-score", "played_on", "pk")),
        ("-investigator_count", ("-investigator_count", "score", "-played_on", "-pk")),
    ],
)
def test_pages_further_down_hold_the_rows_of_that_slice(client, sort, order):
    """Later pages load their keys first, then the rows: the same rows, in the same order."""
    demo_league(120)
    victories = Session.objects.approved().victories().order_by(*order)
    response = client.get(URL, {"sort": sort, "page": 3})
    assert [row.record.pk for row in rows(response)] == [g.pk for g in victories[50:75]]
