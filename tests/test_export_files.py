"""What a downloaded table looks like (issue 18, item 20): named for its page and filters,
a game number and link on rows that are games, numbers as the page rounds them, and an
XLSX sheet with a bold, frozen, filtered header."""

import csv
import io
import re
from urllib.parse import quote

import openpyxl
import pytest

from games.models import Player, Series
from league.pages.filenames import MAX_STEM, attachment_header, export_filename
from tests.addresses import reverse
from tests.factories import SeasonFactory, TeamFactory, demo_league, game, seat

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("league:leaderboard")
STANDINGS = reverse("league:standings")


def csv_table(response) -> list[list[str]]:
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.getvalue().decode())))


def workbook(response):
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(response.getvalue()))


def disposition(client, url, params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200
    response.getvalue()  # read (and close) the body
    return response["Content-Disposition"]


@pytest.fixture
def spring(db):
    return SeasonFactory(name="2026 Spring", slug="2026-spring")


# --- file names -----------------------------------------------------------------------


def test_the_leaderboard_file_names_the_page_and_its_filters(client, spring):
    game()
    params = {"ancient_one": "cthulhu", "season": "2026-spring", "_export": "csv"}
    assert disposition(client, LEADERBOARD, params) == (
        'attachment; filename="arkham-league-leaderboard-cthulhu-season-2026-spring.csv"'
    )


def test_every_leaderboard_filter_is_in_the_name_in_the_form_order(client, spring):
    TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    game()
    params = {
        "outcome": "sealed",
        "investigators": "2",
        "played_after": "2026-01-01",
        "played_before": "2026-02-01",
        "team": "night-owls",
        "boxes": "arkham-horror",
        "player": "ann",
        "_export": "xlsx",
    }
    assert disposition(client, LEADERBOARD, params) == (
        'attachment; filename="arkham-league-leaderboard-boxes-arkham-horror-outcome-sealed-'
        'investigators-2-from-2026-01-01-until-2026-02-01-player-ann-team-night-owls.xlsx"'
    )


def test_a_filter_that_is_not_valid_names_nothing(client):
    game()
    params = {"ancient_one": "nobody", "_export": "csv"}
    assert disposition(client, LEADERBOARD, params) == (
        'attachment; filename="arkham-league-leaderboard.csv"'
    )


def test_a_name_in_another_script_is_sent_as_filename_star_too(client):
    game(seats=[seat("李雷")])
    slug = Player.objects.get(name="李雷").slug
    header = disposition(client, LEADERBOARD, {"player": slug, "_export": "csv"})
    unicode_name = f"arkham-league-leaderboard-player-{slug}.csv"
    assert header == (
        'attachment; filename="arkham-league-leaderboard-player.csv"; '
        f"filename*=UTF-8''{quote(unicode_name, safe='')}"
    )


def test_standings_team_standings_scenario_and_series_files_are_named(client, spring):
    demo_league(10)
    series = Series.objects.get()
    scenario = series.scenarios.order_by("opens_at").first()
    standings = {"season": "2026-spring", "min_games": "2", "_export": "csv"}
    assert disposition(client, STANDINGS, standings).endswith(
        '"arkham-league-standings-season-2026-spring-min-games-2.csv"'
    )
    assert disposition(client, reverse("league:teams"), {"_export": "xlsx"}).endswith(
        '"arkham-league-team-standings.xlsx"'
    )
    board = reverse("league:scenario", args=[scenario.slug])
    assert disposition(client, board, {"_export": "csv"}).endswith(
        f'"arkham-league-scenario-{scenario.slug}.csv"'
    )
    url = reverse("league:series", args=[series.slug])
    assert disposition(client, url, {"_export": "xlsx", "table": "players"}).endswith(
        f'"arkham-league-series-{series.slug}-players.xlsx"'
    )


def test_a_file_name_is_a_bounded_slug_whatever_the_values():
    name = export_filename("leaderboard", ['x"; filename=evil.exe', *["dunwich"] * 40], "csv")
    stem = name.removesuffix(".csv")
    assert len(stem) <= MAX_STEM and not stem.endswith("-")
    assert stem.startswith("arkham-league-leaderboard-x-filenameevilexe-dunwich-dunwich")
    assert attachment_header(name) == f'attachment; filename="{name}"'


# --- the game number and link ---------------------------------------------------------


def test_game_rows_end_with_the_game_number_and_its_link_on_the_request_host(client, settings):
    settings.ALLOWED_HOSTS = ["league.test"]
    played = game()
    header, row = csv_table(client.get(LEADERBOARD, {"_export": "csv"}, HTTP_HOST="league.test"))
    assert header[-2:] == ["Game", "Link"]
    assert row[-2:] == [str(played.pk), f"http://league.test/l/arkham/games/{played.pk}/"]


def test_the_link_is_on_the_configured_site_when_there_is_one(client, settings):
    settings.LEAGUE_SITE_URL = "https://league.example.org"
    played = game()
    sheet = workbook(client.get(LEADERBOARD, {"_export": "xlsx"})).active
    header, row = list(sheet.iter_rows(values_only=True))
    assert header[-2:] == ("Game", "Link")
    assert row[-2:] == (played.pk, f"https://league.example.org/l/arkham/games/{played.pk}/")


def test_the_page_itself_shows_no_game_number_or_link_column(client):
    game()
    html = client.get(LEADERBOARD).content.decode()
    assert 'data-label="Date"' in html
    assert 'data-label="Game"' not in html and 'data-label="Link"' not in html


# --- numbers as the page shows them ---------------------------------------------------


def test_exported_rates_and_means_are_the_page_cells(client):
    game(terror_level=0, seats=[seat("Ann")])
    game(terror_level=0, seats=[seat("Ann")])
    game(terror_level=1, seats=[seat("Ann")])
    for _ in range(4):
        game(outcome="defeat", defeat_cause="devoured", elder_sign_tokens=0, seats=[seat("Ann")])
    [row] = client.get(STANDINGS).context["table"].paginated_rows
    raw_rate, raw_mean = row.record.win_pct_value, row.record.avg_victory_score
    # 3 of 7 and a mean of thirds: both need rounding, so the test can tell.
    assert raw_rate != round(raw_rate) and raw_mean != round(raw_mean, 1)
    shown_rate, shown_mean = row.get_cell("win_pct"), row.get_cell("avg_victory_score")
    assert (shown_rate, shown_mean) == (f"{raw_rate:.0f}%", f"{raw_mean:.1f}")

    header, exported = csv_table(client.get(STANDINGS, {"_export": "csv"}))
    assert f"{exported[header.index('Win %')]}%" == shown_rate
    assert exported[header.index("Avg victory score")] == shown_mean

    sheet = workbook(client.get(STANDINGS, {"_export": "xlsx"})).active
    titles = [cell.value for cell in sheet[1]]
    rate = sheet.cell(row=2, column=titles.index("Win %") + 1)
    mean = sheet.cell(row=2, column=titles.index("Avg victory score") + 1)
    assert isinstance(rate.value, int) and f"{rate.value}%" == shown_rate
    assert rate.number_format == "0"
    assert isinstance(mean.value, float) and f"{mean.value:.1f}" == shown_mean
    assert mean.number_format == "0.0"


# --- the XLSX sheet -------------------------------------------------------------------


@pytest.mark.parametrize("victories", [0, 3])
def test_the_xlsx_header_is_bold_frozen_and_filtered(client, victories):
    for terror in range(victories):
        game(terror_level=terror)
    sheet = workbook(client.get(LEADERBOARD, {"_export": "xlsx"})).active
    assert sheet.title == "Leaderboard"
    assert [cell.font.bold for cell in sheet[1]] == [True] * 10
    if victories:
        assert not any(cell.font.bold for cell in sheet[2])
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == f"A1:J{victories + 1}"


# --- column names ---------------------------------------------------------------------


def test_series_and_team_standings_say_entries(client):
    demo_league(10)
    series = Series.objects.get()
    for url in (reverse("league:series", args=[series.slug]), reverse("league:teams")):
        html = client.get(url).content.decode()
        assert re.search(r"<th[^>]*>\s*(<a [^>]*>)?Entries(</a>)?\s*</th>", html)
        assert "Scenarios entered" not in html
