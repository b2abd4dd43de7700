"""Filter choices (``league.pages.choices``): read once per league version, offered as
before through Django's own widgets, and a chosen value checked as Django checks it."""

import re

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from games.models import Player, Status
from league.caching.versions import league_version_bump
from league.pages.games import LeaderboardFilter
from league.pages.history import GameHistoryFilter
from tests.addresses import reverse
from tests.factories import SeasonFactory, TeamFactory, first_league, game, seat

pytestmark = pytest.mark.django_db


def in_first_league():
    """A request of the first league's pages: a filter offers that league's seasons."""
    request = RequestFactory().get("/")
    request.league = first_league()
    return request


def options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"', select)


def test_the_lists_are_read_once_per_league_version(client, django_assert_num_queries):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    url = reverse("league:leaderboard")
    with override_cache_off():
        client.get(url)  # reads and stores the lists
        filterset = LeaderboardFilter({}, league=first_league())
        with django_assert_num_queries(1 if _database_cache() else 0):
            html = str(filterset.form["player"]) + str(filterset.form["team"])
    assert "ann" in html


def test_a_new_player_or_team_is_offered_after_the_write_that_lists_them(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    url = reverse("league:leaderboard")
    with override_cache_off():
        assert options(client.get(url).content.decode(), "player") == ["", "ann"]
        game(seats=[seat("Cy", "Bob Jenkins")], status=Status.PENDING)  # lists nobody
        assert options(client.get(url).content.decode(), "player") == ["", "ann"]
        game(seats=[seat("Bo", "Bob Jenkins")])
        TeamFactory(name="Night Owls")
        league_version_bump()  # what every approved write does once it commits
        html = client.get(url).content.decode()
    assert options(html, "player") == ["", "ann", "bo"]
    assert "night-owls" in options(html, "team")


def test_a_game_write_re_reads_the_public_players_and_keeps_the_catalog_lists(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game(seats=[seat("Ann", "Amanda Sharpe")])
    url = reverse("league:leaderboard")
    with override_cache_off():
        client.get(url)  # reads and stores the lists
        game(seats=[seat("Bo", "Bob Jenkins")])  # approved: Bo is public from now on
        filterset = LeaderboardFilter({}, league=first_league())
        with CaptureQueriesContext(connection) as queries:
            html = "".join(str(filterset.form[name]) for name in filterset.form.fields)
    read = " ".join(query["sql"] for query in queries if "league_cache" not in query["sql"])
    assert "games_player" in read  # the public players, re-read
    for kept in ("games_ancientone", "games_box", "games_team", "league_season"):
        assert kept not in read
    assert options(html, "player") == ["", "ann", "bo"]


def test_a_stale_or_forged_choice_is_still_refused(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    Player.objects.create(name="Nobody Listed")
    filterset = LeaderboardFilter({"player": "nobody-listed"}, league=first_league())
    assert not filterset.is_valid() and "player" in filterset.errors


CHOSEN = [
    (LeaderboardFilter, "ancient_one", "yig"),
    (LeaderboardFilter, "season", "2026"),
    (LeaderboardFilter, "team", "owls"),
    (GameHistoryFilter, "investigator", "amanda-sharpe"),
]
REFUSED = ["no-such-slug", "cthulhu\x00", "CTHULHU", " cthulhu", "2026 ", "%", "owls' --"]


@pytest.mark.parametrize(("filter_class", "name", "slug"), CHOSEN)
def test_a_chosen_catalog_row_is_read_by_its_slug(filter_class, name, slug):
    SeasonFactory(name="2026")
    owls = TeamFactory(name="Owls")
    game(team=owls, ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")])
    league = {"league": first_league()} if filter_class is LeaderboardFilter else {}
    chosen = filter_class({name: slug}, **league).form
    assert chosen.is_valid(), chosen.errors
    assert chosen.cleaned_data[name].slug == slug


@pytest.mark.parametrize("value", REFUSED)
@pytest.mark.parametrize("name", ["ancient_one", "season", "team"])
def test_a_catalog_choice_refuses_a_slug_it_does_not_have(name, value):
    SeasonFactory(name="2026")
    TeamFactory(name="Owls")
    form = LeaderboardFilter({name: value}, league=first_league()).form
    assert not form.is_valid() and form.errors[name]  # Django's own message


def test_a_filter_form_keeps_its_values_and_shows_errors_beside_their_field():
    game(seats=[seat("Ann", "Amanda Sharpe")])
    data = {"player": "ann", "played_after": "not a date", "boxes": ["arkham-horror"]}
    form = LeaderboardFilter(data, league=first_league()).form
    assert not form.is_valid()
    html = form.as_div()
    assert '<option value="ann" selected>Ann</option>' in html
    error = '<ul class="errorlist" id="id_played_after_error"><li>Enter a valid date.</li></ul>'
    assert error in html
    assert 'value="not a date" aria-invalid="true" aria-describedby="id_played_after_error"' in html
    # A group of checkboxes is a fieldset named by its legend, the chosen ones checked.
    boxes = re.search(r"<fieldset>.*?</fieldset>", html, re.S).group(0)
    assert "<legend>Boxes in play (all of):</legend>" in boxes
    # Which position the box takes depends on the catalog's order, not on the database.
    checked = re.findall(r'value="([\w-]+)" id="id_boxes_\d+" checked', boxes)
    assert checked == ["arkham-horror"]


def _database_cache() -> bool:
    from django.conf import settings

    return settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache")


def override_cache_off():
    """Pages rendered every time (the page cache off), so each request reads the lists."""
    from django.test import override_settings

    cache.clear()
    return override_settings(LEAGUE_PAGE_CACHE_SECONDS=0)
