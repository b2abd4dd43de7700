"""'Compare your score' on a game page: rank among approved victories over that Ancient One."""

import datetime

import pytest
from django.template import Context, Template

from league.queries.stats import score_comparison
from tests.factories import demo_league, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool():
    """Two-investigator Cthulhu wins (best, two tied, worst), a three-seat win, noise."""
    return {
        "14": game(terror_level=0),
        "12 early": game(terror_level=2, played_on=datetime.date(2026, 1, 1)),
        "12 late": game(terror_level=2, played_on=datetime.date(2026, 1, 9)),
        "10": game(terror_level=4),
        "three": game(
            terror_level=0,
            seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cid", "Darrell Simmons")],
        ),
        "pending": game(terror_level=0, status="pending"),
        "defeat": game(outcome="defeat", defeat_cause="devoured"),
        "hastur": game(ancient_one="Hastur", terror_level=0),
    }


def test_rank_among_same_size_tables_and_all_victories(pool):
    comparison = score_comparison(pool["12 late"])
    same, every = comparison.same_size, comparison.all_sizes
    assert (same.rank, same.total, same.beaten) == (3, 4, 1)
    assert same.better_than_pct == pytest.approx(100 / 3)
    assert (every.rank, every.total) == (4, 5)


def test_ties_go_to_the_earlier_game(pool):
    assert score_comparison(pool["12 early"]).same_size.rank == 2


def test_pending_game_shows_where_it_would_rank(pool):
    comparison = score_comparison(pool["pending"])
    # It ties the best game, which was recorded first and so keeps first place.
    assert pool["pending"].score == pool["14"].score
    assert (comparison.same_size.rank, comparison.same_size.total) == (2, 5)


def test_defeat_has_nothing_to_compare(pool):
    assert score_comparison(pool["defeat"]) is None


def test_a_lone_victory_has_no_percentage():
    only = game(ancient_one="Yig")
    placing = score_comparison(only).same_size
    assert (placing.rank, placing.total, placing.better_than_pct) == (1, 1, None)


def test_game_page_renders_the_comparison(client, pool):
    html = client.get(pool["12 late"].get_absolute_url()).content.decode()
    assert "Compare your score" in html
    assert "<strong>#3</strong> of 4 victories against Cthulhu with 2 investigators" in html
    assert "better than 33% of the others" in html
    assert "<strong>#4</strong> of 5 victories against Cthulhu with any number" in html


def test_tag_renders_for_a_defeat(pool):
    html = Template("{% load league_tags %}{% compare_score game %}").render(
        Context({"game": pool["defeat"]})
    )
    assert "A defeat has no score" in html


@pytest.mark.parametrize("games", [10, 300])
def test_comparison_is_two_queries_and_one_more_for_a_team_game(django_assert_num_queries, games):
    """The histogram's rows and the count of the ties; a team game also counts its pool."""
    demo_league(games)
    from games.models import Session

    victories = Session.objects.approved().victories()
    for team_game, queries in ((False, 2), (True, 3)):
        victory = victories.filter(team__isnull=not team_game).first()
        with django_assert_num_queries(queries):
            score_comparison(victory)


def test_placings_agree_with_counting_every_victory():
    """The histogram and the tie count place every game as a count over all victories would."""
    from games.models import Session

    demo_league(80)
    game(terror_level=0, status="pending")
    approved = list(Session.objects.approved().victories().exclude(score=None))

    def placing(target, pool):
        others = [g for g in pool if g.pk != target.pk]
        key = (target.score, -target.played_on.toordinal(), -target.pk)
        ahead = sum((g.score, -g.played_on.toordinal(), -g.pk) > key for g in others)
        beaten = sum(g.score < target.score for g in others)
        return (ahead + 1, len(others) + 1, beaten)

    for target in [*approved[:25], *Session.objects.filter(status="pending").exclude(score=None)]:
        pool = [g for g in approved if g.ancient_one_id == target.ancient_one_id]
        same = [g for g in pool if g.investigator_count == target.investigator_count]
        comparison = score_comparison(target)
        every, sized = comparison.all_sizes, comparison.same_size
        assert (every.rank, every.total, every.beaten) == placing(target, pool)
        assert (sized.rank, sized.total, sized.beaten) == placing(target, same)
