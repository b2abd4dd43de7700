"""The small summary tables and fixed lists, template loops: each cell labelled for the
phone's card layout, names escaped and linked, a dash for a missing number, the empty row."""

import datetime

import pytest
from django.template.loader import render_to_string

from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


def test_record_by_ancient_one_links_escapes_rounds_and_dashes():
    rows = [
        {
            "ancient_one__name": "Yig <the father>",
            "ancient_one__slug": "yig",
            "games": 3,
            "victories": 1,
            "win_pct": 100 / 3,
            "best_score": None,
            "mean_score": 12.25,
        }
    ]
    html = render_to_string(
        "league/includes/record_by_ancient_one.html", {"side": "Ann", "rows": rows}
    )
    assert '<a href="/en/l/arkham/ancient-ones/yig/">Yig &lt;the father&gt;</a>' in html
    assert '<td class="num" data-label="Win %">33%</td>' in html
    assert '<td class="num" data-label="Best">—</td>' in html
    assert '<td class="num" data-label="Mean">12.3</td>' in html
    empty = render_to_string("league/includes/record_by_ancient_one.html", {"rows": []})
    assert '<tr><td colspan="6">No approved games yet.</td></tr>' in empty


def test_a_player_page_labels_every_summary_cell(client):
    game(
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bo & Cy", "Bob Jenkins")],
        played_on=datetime.date(2026, 3, 7),
    )
    html = client.get(reverse("league:player", kwargs={"slug": "ann"})).content.decode()
    assert '<th scope="row" data-label="Month">March 2026</th>' in html
    assert '<th scope="row" data-label="Investigator">Amanda Sharpe</th>' in html
    assert '<td class="num" data-label="Games together">1</td>' in html
    assert ">Bo &amp; Cy</a></th>" in html


def test_a_player_who_always_plays_alone_says_so(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    html = client.get(reverse("league:player", kwargs={"slug": "ann"})).content.decode()
    assert '<tr><td colspan="3">Always alone so far.</td></tr>' in html


# Per league: the standings, a player's page and the season picker read the request's
# league alone (``request.league``; set here as the league's address will set it).


def _in_league(view, league, path="/", **kwargs):
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    request = RequestFactory().get(path)
    request.user, request.league = AnonymousUser(), league
    response = view.as_view()(request, **kwargs)
    return response.render() if hasattr(response, "render") else response


def test_each_league_standings_and_player_pages_show_only_its_games(client):
    from django.http import Http404

    from league.pages.players import PlayerView, StandingsView
    from league.queries.players import standings
    from tests.factories import LeagueFactory, first_league

    saturday = LeagueFactory(name="Saturday", visibility="invitation")
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    game(seats=[seat("Ann"), seat("Zed", "Carolyn Fern")], league=saturday)
    game(seats=[seat("Zed", "Carolyn Fern")], league=saturday)
    rows = {row.name: row.games for row in standings(first_league())}
    assert rows == {"Ann": 1, "Bob": 1}
    assert {row.name: row.games for row in standings(saturday)} == {"Ann": 1, "Zed": 2}
    assert {row.name: row.games for row in standings(None)} == {"Ann": 1, "Bob": 1}
    page = _in_league(StandingsView, saturday).content.decode()
    assert "Zed" in page and "Bob" not in page
    assert "Zed" not in client.get(reverse("league:standings")).content.decode()
    assert client.get(reverse("league:player", args=["zed"])).status_code == 404
    assert _in_league(PlayerView, saturday, slug="zed").status_code == 200
    with pytest.raises(Http404):
        _in_league(PlayerView, saturday, slug="bob")


def test_the_season_picker_offers_only_the_league_seasons(client):
    from league.pages.filters import SeasonForm
    from tests.factories import LeagueFactory, SeasonFactory, first_league

    saturday = LeagueFactory(name="Saturday")
    SeasonFactory(name="Spring", start=datetime.date(2026, 3, 1), end=datetime.date(2026, 5, 31))
    SeasonFactory(name="Saturday Cup", league=saturday)
    ours = SeasonForm(league=first_league())
    assert [label for _, label in ours.fields["season"].choices] == ["All time", "Spring"]
    theirs = SeasonForm({"season": "spring"}, league=saturday)
    assert not theirs.is_valid()  # another league's season is refused like an unknown one
    page = client.get(reverse("league:standings")).content.decode()
    assert "Spring" in page and "Saturday Cup" not in page
    assert client.get(reverse("league:standings"), {"season": "saturday-cup"}).status_code == 200
