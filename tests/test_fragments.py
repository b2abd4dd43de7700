"""Fragments of a page kept under the page's versions (``{% cache %}`` in the "fragments"
cache): a player's summaries render once for every page, sort and filter of their games,
and a write that changes the player renders them again; without versions (the page cache
off) nothing is kept."""

import datetime

import pytest
from django.core.cache import caches

from league.pages import players
from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def charts_built(monkeypatch):
    """How many times a player's score chart was built (once per rendered summary)."""
    built = []
    original = players.charts.monthly_scores

    def monthly_scores(*args, **kwargs):
        built.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(players.charts, "monthly_scores", monthly_scores)
    caches["fragments"].clear()
    return built


def ann_wins(count: int, month: int = 1) -> None:
    for day in range(1, count + 1):
        game(
            seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)],
            played_on=datetime.date(2026, month, day),
        )


def summary_of(response) -> str:
    return response.content.decode().split("Game history</h2>")[0].split("<h1>")[1]


def test_a_players_summaries_render_once_for_every_page_of_their_games(client, charts_built):
    ann_wins(30)
    url = reverse("league:player", kwargs={"slug": "ann"})

    pages = [client.get(url), client.get(url, {"page": 2}), client.get(url, {"sort": "score"})]

    assert [page["X-Cache"] for page in pages] == ["miss", "miss", "miss"]
    assert len(charts_built) == 1
    assert summary_of(pages[1]) == summary_of(pages[0]) == summary_of(pages[2])
    assert '<span class="stat">30</span> approved games' in summary_of(pages[1])


def test_a_write_that_changes_the_player_renders_their_summaries_again(client, charts_built):
    ann_wins(2)
    url = reverse("league:player", kwargs={"slug": "ann"})
    before = client.get(url)

    ann_wins(1, month=2)
    after = client.get(url, {"page": 1})

    assert len(charts_built) == 2
    assert '<span class="stat">2</span> approved games' in summary_of(before)
    assert '<span class="stat">3</span> approved games' in summary_of(after)


def test_without_the_page_cache_no_fragment_is_kept(client, settings, charts_built):
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    ann_wins(2)
    url = reverse("league:player", kwargs={"slug": "ann"})
    client.get(url)
    client.get(url, {"page": 1})
    assert len(charts_built) == 2


def test_a_teams_summaries_render_once_for_every_page_of_their_games(client, monkeypatch):
    from league.pages import teams
    from tests.factories import TeamFactory

    built = []
    original = teams.charts.score_line
    monkeypatch.setattr(
        teams.charts, "score_line", lambda *a, **k: built.append(1) or original(*a, **k)
    )
    caches["fragments"].clear()
    owls = TeamFactory(name="Night Owls", members=["Ann"])
    for day in range(1, 4):
        game(
            seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)],
            team=owls,
            played_on=datetime.date(2026, 1, day),
        )
    url = reverse("league:team", kwargs={"slug": owls.slug})

    pages = [client.get(url), client.get(url, {"page": 1}), client.get(url, {"sort": "score"})]

    assert [page.status_code for page in pages] == [200, 200, 200]
    assert len(built) == 1
    assert summary_of(pages[2]) == summary_of(pages[0])
