"""The home page: totals, latest results, best scores, First Citizens, links everywhere."""

import pytest
from django.urls import reverse

from tests.factories import demo_league, game, seat

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


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_is_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    with django_assert_max_num_queries(10):
        assert client.get(URL).status_code == 200
