"""The leaderboard: approved victories ranked by score, filtered, sorted, paginated."""

import datetime

import pytest

from games.models import Player, Session
from tests.addresses import reverse
from tests.budgets import CACHE_READ, FILTER_CHOICES, PAGE_CACHE_FIRST_MISS
from tests.factories import SeasonFactory, demo_league, game, seat

pytestmark = pytest.mark.django_db

URL = reverse("league:leaderboard")


def rows(response):
    return list(response.context["table"].paginated_rows)


def scores_and_dates(response):
    return [(row.record.score, row.record.played_on) for row in rows(response)]


def test_victories_are_ranked_by_score_equal_scores_share_a_rank_earlier_game_first(client):
    late = game(played_on=datetime.date(2026, 2, 1))
    early = game(played_on=datetime.date(2026, 1, 1))
    best = game(terror_level=0)
    response = client.get(URL)
    assert response.status_code == 200
    assert [row.record.pk for row in rows(response)] == [best.pk, early.pk, late.pk]
    assert [row.get_cell_value("rank") for row in rows(response)] == [1, 2, 2]


def test_only_approved_victories_count(client):
    shown = game()
    game(status="pending", terror_level=0)
    game(status="rejected", terror_level=0)
    game(outcome="defeat", defeat_cause="devoured")
    response = client.get(URL)
    assert [row.record.pk for row in rows(response)] == [shown.pk]


def test_filter_by_ancient_one(client):
    game(ancient_one="Cthulhu")
    hastur = game(ancient_one="Hastur")
    response = client.get(URL, {"ancient_one": "hastur"})
    assert [row.record.pk for row in rows(response)] == [hastur.pk]
    assert "Hastur" in response.content.decode()


@pytest.mark.parametrize(
    "params, expected",
    [
        ({"outcome": "closed"}, {"closed"}),
        ({"investigators": "3"}, {"three"}),
        ({"played_after": "2025-06-01", "played_before": "2025-12-31"}, {"last-year"}),
        ({"boxes": ["arkham-horror", "dunwich-horror"]}, {"dunwich"}),
        ({"player": "cid"}, {"three"}),
        ({"season": "winter"}, {"last-year"}),
    ],
)
def test_filters(client, params, expected):
    SeasonFactory(name="Winter", start=datetime.date(2025, 12, 1), end=datetime.date(2025, 12, 31))
    games = {
        "closed": game(
            outcome="closed",
            seats=[seat("Ann", gate_trophies=2), seat("Bob", "Bob Jenkins")],
        ),
        "three": game(
            seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cid", "Darrell Simmons")]
        ),
        "last-year": game(played_on=datetime.date(2025, 12, 24)),
        "dunwich": game(boxes=("Arkham Horror", "Dunwich Horror")),
    }
    response = client.get(URL, params)
    assert response.status_code == 200
    names = {name for name, g in games.items() if g.pk in {r.record.pk for r in rows(response)}}
    assert names == expected


def test_player_with_two_seats_appears_once(client):
    ann = [seat("Ann", "Amanda Sharpe"), seat("Ann", "Bob Jenkins")]
    only = game(seats=ann)
    response = client.get(URL, {"player": "ann"})
    assert [row.record.pk for row in rows(response)] == [only.pk]
    assert response.content.decode().count(Player.objects.get(name="Ann").get_absolute_url()) >= 1


def test_sort_by_score_ascending_is_the_ranking_read_backwards(client):
    # One index serves both directions, so ascending reverses the tie order too.
    late = game(played_on=datetime.date(2026, 2, 1))
    early = game(played_on=datetime.date(2026, 1, 1))
    best = game(terror_level=0)
    response = client.get(URL, {"sort": "score"})
    assert [row.record.pk for row in rows(response)] == [late.pk, early.pk, best.pk]
    assert [row.get_cell_value("rank") for row in rows(response)] == [2, 2, 1]


def test_sort_by_date_and_by_investigators(client):
    game(ancient_one="Yig", played_on=datetime.date(2026, 1, 2))
    game(ancient_one="Abhoth", played_on=datetime.date(2026, 1, 5))
    three = game(
        seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cid", "Darrell Simmons")],
        played_on=datetime.date(2026, 1, 1),
    )
    by_date = client.get(URL, {"sort": "played_on"})
    assert [d for _, d in scores_and_dates(by_date)] == sorted(
        d for _, d in scores_and_dates(by_date)
    )
    newest = client.get(URL, {"sort": "-played_on"})
    assert [d for _, d in scores_and_dates(newest)] == sorted(
        (d for _, d in scores_and_dates(newest)), reverse=True
    )
    most = client.get(URL, {"sort": "-investigator_count"})
    assert rows(most)[0].record.pk == three.pk
    fewest = client.get(URL, {"sort": "investigator_count"})
    assert rows(fewest)[-1].record.pk == three.pk


def test_columns_without_an_index_do_not_sort(client):
    game(ancient_one="Yig", terror_level=0)
    game(ancient_one="Abhoth")
    response = client.get(URL, {"sort": "ancient_one"})
    assert response.status_code == 200
    # Not sortable: the rows stay in rank order and the header is no link.
    assert [r.record.ancient_one.name for r in rows(response)] == ["Yig", "Abhoth"]
    html = client.get(URL).content.decode()
    assert "sort=ancient_one" not in html and "sort=team" not in html
    assert "sort=outcome" not in html and "sort=played_on" in html


def test_table_has_a_caption_header_cells_and_scrolls(client):
    game()
    html = client.get(URL).content.decode()
    assert "<caption>" in html
    assert '<th scope="col"' in html
    assert 'class="table-container"' in html


def test_paginates(client):
    demo_league(120)
    response = client.get(URL)
    table = response.context["table"]
    assert len(rows(response)) == 25
    assert table.paginator.count == Session.objects.approved().victories().count()
    page2 = client.get(URL, {"page": 2})
    first = rows(page2)[0].record
    # Equal scores share a rank: 1 + the victories scoring more (26 only without ties).
    above = Session.objects.approved().victories().filter(score__gt=first.score).count()
    assert rows(page2)[0].get_cell_value("rank") == above + 1 <= 26


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    # After a bulk load a first miss also stores the version of what the page shows.
    with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS + FILTER_CHOICES):
        assert client.get(URL).status_code == 200
    # The filter's five lists are cached now: one cache read instead of five queries.
    with django_assert_max_num_queries(6 + PAGE_CACHE_FIRST_MISS + CACHE_READ):
        response = client.get(
            URL,
            {"ancient_one": "cthulhu", "boxes": ["arkham-horror"], "sort": "-played_on", "page": 1},
        )
        assert response.status_code == 200


def test_the_leaderboard_says_how_many_games_match_and_labels_cells_for_phones(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    game(seats=[seat("Bob", "Bob Jenkins", gate_trophies=1)], outcome="closed", terror_level=1)
    game(seats=[seat("Cy", "Vincent Lee")], terror_level=0, played_on=datetime.date(2026, 1, 3))
    html = client.get(reverse("league:leaderboard")).content.decode()
    assert 'data-testid="match-count">3 games match<' in html
    assert 'class="table stack"' in html and 'data-label="Players"' in html
    assert 'tabindex="0" role="region"' in html
    one = client.get(reverse("league:leaderboard"), {"outcome": "closed"}).content.decode()
    assert 'data-testid="match-count">1 game matches<' in one
