"""Filter choices (``league.pages.choices``): read once per league version, offered as
before, and written as Django's own widgets write them."""

import re

import pytest
from django import forms
from django.core.cache import cache
from django.urls import reverse

from games.models import Player, Status
from league.caching.versions import league_version_bump
from league.pages.choices import FastCheckboxes, FastSelect
from league.pages.games import LeaderboardFilter
from league.pages.history import GameHistoryFilter
from tests.factories import SeasonFactory, TeamFactory, game, seat

pytestmark = pytest.mark.django_db

CHOICES = [("", "Any"), ("cthulhu", "Cthulhu"), ("yig", "Yig <the father>"), (3, "3 & more")]


@pytest.mark.parametrize("value", [None, "", "yig", "3", "nothing"])
def test_a_fast_select_writes_what_djangos_select_writes(value):
    attrs = {"id": "id_pick", "aria-describedby": "pick_help", "required": True}
    fast = FastSelect(choices=CHOICES).render("pick", value, attrs)
    assert fast == forms.Select(choices=CHOICES).render("pick", value, attrs)


@pytest.mark.parametrize("value", [None, [], ["yig"], ["cthulhu", "3"]])
def test_fast_checkboxes_write_what_djangos_checkboxes_write(value):
    attrs = {"id": "id_boxes", "class": "boxes"}
    fast = FastCheckboxes(choices=CHOICES).render("boxes", value, attrs)
    django = forms.CheckboxSelectMultiple(choices=CHOICES).render("boxes", value, attrs)
    assert fast == django


def test_grouped_choices_go_through_djangos_templates():
    grouped = [("Old Ones", [("yig", "Yig")]), ("", "Any")]
    assert FastSelect(choices=grouped).render("pick", "yig") == forms.Select(
        choices=grouped
    ).render("pick", "yig")


def options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"', select)


def test_the_lists_are_read_once_per_league_version(client, django_assert_num_queries):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    url = reverse("league:leaderboard")
    with override_cache_off():
        client.get(url)  # reads and stores the lists
        filterset = LeaderboardFilter({})
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
        filterset = LeaderboardFilter({})
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
    filterset = LeaderboardFilter({"player": "nobody-listed"})
    assert not filterset.is_valid() and "player" in filterset.errors


# A chosen catalog row (Ancient One, season, team; an investigator on a history) is read
# through SQL compiled once per process (``ChosenBySlugMixin``): the same row, and the same
# refusal, as Django's ``queryset.get()``, each asked twice (compiled, then kept).
CHOSEN = [
    (LeaderboardFilter, "ancient_one", "cthulhu"),
    (LeaderboardFilter, "ancient_one", "yig"),
    (LeaderboardFilter, "season", "2026"),
    (LeaderboardFilter, "team", "owls"),
    (GameHistoryFilter, "investigator", "amanda-sharpe"),
]
REFUSED = ["no-such-slug", "cthulhu\x00", "CTHULHU", " cthulhu", "2026 ", "%", "owls' --"]


@pytest.mark.parametrize(("filter_class", "name", "slug"), CHOSEN)
def test_a_chosen_catalog_row_is_the_row_django_reads(filter_class, name, slug):
    SeasonFactory(name="2026")
    owls = TeamFactory(name="Owls")
    game(team=owls, ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")])
    field = filter_class().form.fields[name]
    assert field.table is not None
    expected = forms.ModelChoiceField.to_python(field, slug)
    for _ in range(2):
        chosen = filter_class({name: slug}).form
        assert chosen.is_valid(), chosen.errors
        assert chosen.cleaned_data[name] == expected
        assert chosen.cleaned_data[name].slug == slug


@pytest.mark.parametrize("value", REFUSED)
@pytest.mark.parametrize("name", ["ancient_one", "season", "team"])
def test_a_catalog_choice_refuses_what_django_refuses(name, value):
    SeasonFactory(name="2026")
    TeamFactory(name="Owls")
    field = LeaderboardFilter().form.fields[name]
    with pytest.raises(forms.ValidationError) as djangos:
        forms.ModelChoiceField.to_python(field, value)
    for _ in range(2):
        form = LeaderboardFilter({name: value}).form
        assert not form.is_valid()
        assert form.errors[name] == djangos.value.messages


def test_a_choice_that_is_not_a_whole_catalog_is_checked_by_its_queryset():
    game(seats=[seat("Ann", "Amanda Sharpe")])
    field = LeaderboardFilter().form.fields["player"]
    assert field.table is None  # public players only: the queryset decides
    assert LeaderboardFilter({"player": "ann"}).form.is_valid()


def _database_cache() -> bool:
    from django.conf import settings

    return settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache")


def override_cache_off():
    """Pages rendered every time (the page cache off), so each request reads the lists."""
    from django.test import override_settings

    cache.clear()
    return override_settings(LEAGUE_PAGE_CACHE_SECONDS=0)
