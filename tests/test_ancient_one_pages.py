"""The Ancient Ones list and one Ancient One's page."""

import pytest

from games.models import AncientOne, Session
from games.summaries import summaries_rebuild
from league.queries.games import league_games
from league.queries.stats import top_games
from tests.addresses import reverse
from tests.budgets import CHART, PAGE_CACHE_FIRST_MISS
from tests.factories import demo_league, first_league, game

pytestmark = pytest.mark.django_db

LIST = reverse("league:ancient_ones")


def detail(slug="cthulhu"):
    return reverse("league:ancient_one", kwargs={"slug": slug})


@pytest.fixture
def cthulhu_games():
    """Scores 14, 12, 10 and 10; one defeat; one pending win that must not count."""
    return [
        game(terror_level=0),
        game(terror_level=2),
        game(terror_level=4),
        game(terror_level=4),
        game(outcome="defeat", defeat_cause="devoured"),
        game(status="pending", terror_level=0),
    ]


def test_list_has_every_ancient_one_with_its_record(client, cthulhu_games):
    response = client.get(LIST)
    assert response.status_code == 200
    rows = {ao.name: ao for ao in response.context["ancient_ones"]}
    assert len(rows) == AncientOne.objects.count()
    cthulhu = rows["Cthulhu"]
    scores = sorted(g.score for g in cthulhu_games[:4])
    assert (cthulhu.games, cthulhu.victories, cthulhu.sealed, cthulhu.defeat) == (5, 4, 4, 1)
    assert cthulhu.best_score == max(scores)
    assert cthulhu.median_score == (scores[1] + scores[2]) / 2
    assert cthulhu.mean_score == pytest.approx(sum(scores) / 4)
    assert rows["Yig"].games == 0 and rows["Yig"].median_score is None


def test_detail_shows_outcomes_by_cause_stats_chart_and_top_games(client, cthulhu_games):
    response = client.get(detail())
    assert response.status_code == 200
    profile = response.context["profile"]
    scores = sorted(g.score for g in cthulhu_games[:4])
    assert profile.stats["median_score"] == (scores[1] + scores[2]) / 2
    assert profile.stats["win_pct"] == 80
    shares = {row.label: row.games for row in profile.outcomes}
    assert shares["Sealed the gates"] == 4
    assert shares["Defeat — Devoured: the Ancient One won the final battle"] == 1
    assert profile.distribution == [(scores[0], 2), (scores[2], 1), (scores[3], 1)]
    top = [row.record.pk for row in response.context["top_games"].rows]
    assert top[0] == cthulhu_games[0].pk and len(top) == 4
    html = response.content.decode()
    assert 'id="score-distribution-title"' in html and "<rect" in html
    assert "Printed doom track <strong>13</strong>" in html


def test_odd_number_of_victories_has_the_middle_score_as_median(client):
    games = [game(terror_level=level) for level in (0, 3, 9)]
    stats = client.get(detail()).context["profile"].stats
    assert stats["median_score"] == games[1].score


def test_unknown_ancient_one_is_404(client):
    assert client.get(detail("dagon")).status_code == 404


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    # After a bulk load no subject has a version yet: each first miss stores one.
    with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS):
        assert client.get(LIST).status_code == 200
    with django_assert_max_num_queries(7 + PAGE_CACHE_FIRST_MISS + CHART):  # its chart cached
        assert client.get(detail()).status_code == 200


def ending_labels(client, slug):
    return [row.label for row in client.get(detail(slug)).context["profile"].outcomes]


def test_an_ancient_ones_page_lists_only_the_endings_possible_against_it(client):
    cthulhu = ending_labels(client, "cthulhu")
    assert "Banished the Ancient One" in cthulhu
    assert "Defeat — Devoured: the Ancient One won the final battle" in cthulhu
    assert "Defeat — Azathoth awoke" not in cthulhu
    assert "Defeat — Act III entered play" in cthulhu  # with the right boxes in play
    # Azathoth is never fought: no banishment, no final battle to be devoured in.
    azathoth = ending_labels(client, "azathoth")
    assert azathoth == [
        "Closed the gates",
        "Sealed the gates",
        "Defeat — Azathoth awoke",
        "Defeat — Act III entered play",
        "Defeat — Another loss (say which in the notes)",
    ]
    # Only an Ancient One with an immediate-defeat rule of its own lists a defeat by it.
    assert "Defeat — The Ancient One's own defeat rule" not in ending_labels(client, "yig")
    assert "Defeat — The Ancient One's own defeat rule" in ending_labels(client, "glaaki")
    html = client.get(detail("azathoth")).content.decode()
    assert "Banished the Ancient One" not in html and "Devoured: the Ancient" not in html


def test_an_ending_with_games_is_shown_even_if_the_rules_say_it_cannot_happen(client):
    lost = game(outcome="defeat", defeat_cause="devoured")
    Session.objects.filter(pk=lost.pk).update(defeat_cause="azathoth")  # stored by hand
    summaries_rebuild()
    shares = {row.label: row.pct for row in client.get(detail()).context["profile"].outcomes}
    assert shares["Defeat — Azathoth awoke"] == 100


def test_no_editors_note_on_an_ancient_ones_page(client):
    yig = AncientOne.objects.get(name="Yig")
    assert yig.note == ""
    html = client.get(yig.get_absolute_url()).content.decode()
    assert "fan tool" not in html


def test_equal_scores_share_a_rank_among_the_best_games(cthulhu_games):
    """Scores 14, 12, 10, 10 are ranked 1, 2, 3, 3, as on every board."""
    ranks = [(g.score, g.rank) for g in top_games(league_games(first_league()))]
    assert [rank for _, rank in ranks] == [1, 2, 3, 3]
    assert ranks[2][0] == ranks[3][0]
