"""Exports stream (issue 9): CSV row by row from a chunked query, XLSX from a write-only
workbook in a temporary file; the same rows, headers, filters and sort as the page."""

import csv
import datetime
import io

import django_tables2 as tables
import openpyxl
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.http import FileResponse, StreamingHttpResponse
from django.test.utils import CaptureQueriesContext

from games.models import Session
from league.pages import exports
from league.pages.exports import table_rows
from league.pages.tables import LeagueTable
from league.queries.games import league_games
from tests.addresses import reverse
from tests.factories import TeamFactory, demo_league, first_league, game, seat

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("league:leaderboard")
STANDINGS = reverse("league:standings")
HEADER = [
    "Rank",
    "Score",
    "Ancient One",
    "Outcome",
    "Investigators",
    "Players",
    "Team",
    "Date",
    "Game",
    "Link",
]


@pytest.fixture
def small_league(db):
    """Three approved victories and a defeat; Ann holds two seats at the first game."""
    owls = TeamFactory(name="Night Owls")
    first = game(
        ancient_one="Hastur",
        terror_level=0,
        played_on=datetime.date(2026, 3, 1),
        team=owls,
        seats=[seat("Cid", "Vincent Lee"), seat("Ann"), seat("Cid", "Bob Jenkins")],
    )
    second = game(terror_level=4, played_on=datetime.date(2026, 1, 5))
    third = game(
        ancient_one="Hastur",
        terror_level=7,
        outcome="closed",
        played_on=datetime.date(2026, 2, 9),
        elder_sign_tokens=0,
        seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins", gate_trophies=1)],
    )
    game(outcome="defeat", elder_sign_tokens=0, defeat_cause="devoured")
    return first, second, third


def read(response) -> bytes:
    return response.getvalue()


def csv_rows(response):
    assert isinstance(response, StreamingHttpResponse)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(read(response).decode())))


def xlsx_rows(response):
    assert isinstance(response, FileResponse)
    sheet = openpyxl.load_workbook(io.BytesIO(read(response))).active
    return list(sheet.iter_rows(values_only=True))


def expected_row(rank: int, session: Session, players: str, team: str | None):
    return [
        rank,
        session.score,
        session.ancient_one.name,
        session.get_outcome_display(),
        session.investigator_count,
        players,
        team,
        session.played_on,
        session.pk,
        f"http://testserver/l/arkham/games/{session.pk}/",
    ]


def test_leaderboard_csv_streams_every_victory_best_first(client, small_league):
    first, second, third = small_league
    response = client.get(LEADERBOARD, {"_export": "csv"})
    assert response["Content-Disposition"] == 'attachment; filename="arkham-league-leaderboard.csv"'
    expected = [
        expected_row(1, first, "Cid, Ann", "Night Owls"),
        expected_row(2, second, "Ann, Bob", None),
        expected_row(3, third, "Ann, Bob", None),
    ]
    as_text = [["" if cell is None else str(cell) for cell in row] for row in expected]
    assert csv_rows(response) == [HEADER, *as_text]


def test_leaderboard_xlsx_is_a_file_with_typed_cells(client, small_league):
    first, second, third = small_league
    response = client.get(LEADERBOARD, {"_export": "xlsx"})
    assert (
        response["Content-Disposition"] == 'attachment; filename="arkham-league-leaderboard.xlsx"'
    )
    header, *rows = xlsx_rows(response)
    assert list(header) == HEADER
    as_read = [
        [*row[:7], datetime.datetime.combine(row[7], datetime.time()), *row[8:]]  # dates
        for row in (
            expected_row(1, first, "Cid, Ann", "Night Owls"),
            expected_row(2, second, "Ann, Bob", None),
            expected_row(3, third, "Ann, Bob", None),
        )
    ]
    assert [list(row) for row in rows] == as_read


@pytest.mark.parametrize(
    "params",
    [
        {"sort": "played_on"},
        {"sort": "-ancient_one"},
        {"sort": "score", "ancient_one": "hastur"},
        {"outcome": "closed"},
        {"team": "night-owls"},
    ],
)
def test_an_export_holds_the_rows_the_page_shows_in_its_order(client, small_league, params):
    page = client.get(LEADERBOARD, params)
    shown = [
        [str(row.record.score), row.record.played_on.isoformat()]
        for row in page.context["table"].paginated_rows
    ]
    _, *rows = csv_rows(client.get(LEADERBOARD, {**params, "_export": "csv"}))
    assert [[row[1], row[7]] for row in rows] == shown
    assert shown  # every case keeps at least one row


def test_the_exported_rank_is_the_rank_within_the_filter(client, small_league):
    _, *rows = csv_rows(client.get(LEADERBOARD, {"ancient_one": "hastur", "_export": "csv"}))
    assert [row[0] for row in rows] == ["1", "2"]


def test_standings_csv_streams_with_rounded_percentages(client, small_league):
    header, *rows = csv_rows(client.get(STANDINGS, {"sort": "name", "_export": "csv"}))
    assert header[:4] == ["Player", "Games", "Victories", "Win %"]
    assert [row[:4] for row in rows] == [
        ["Ann", "4", "3", "75"],
        ["Bob", "3", "2", "67"],
        ["Cid", "1", "1", "100"],
    ]


def test_hostile_text_is_neutralised_across_chunks(small_league, monkeypatch):
    game(seats=[seat('=HYPERLINK("x")'), seat("@Bob", "Bob Jenkins")], terror_level=9)
    table = _leaderboard_table()
    rows = list(table_rows(table, chunk_size=2))  # the hostile game sits in a later chunk
    players = [row[5] for row in rows[1:]]
    # Only a cell's first character can start a formula.
    assert players[-1] == '\'=HYPERLINK("x"), @Bob'
    assert len(rows) == 5


def _leaderboard_table():
    from league.pages.games import LeaderboardTable

    return LeaderboardTable(league_games(first_league()).victories())


def test_players_are_read_once_per_chunk_not_per_row(small_league):
    for day in range(1, 8):
        game(played_on=datetime.date(2026, 4, day))
    with CaptureQueriesContext(connection) as queries:
        rows = list(table_rows(_leaderboard_table(), chunk_size=3))
    assert len(rows) == 1 + 10
    seat_queries = [q for q in queries.captured_queries if "games_seat" in q["sql"]]
    assert len(seat_queries) == 4  # ceil(10 / 3) chunks
    assert len(queries.captured_queries) <= 4 + 4 + 2  # and the rows, a chunk at a time


@pytest.mark.parametrize("games", [10, 300])
@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_export_query_counts_are_constant(
    client, django_assert_max_num_queries, games, export_format
):
    demo_league(games)
    for url in (LEADERBOARD, STANDINGS):
        with django_assert_max_num_queries(6):
            response = client.get(url, {"_export": export_format})
            body = read(response)
        assert response.status_code == 200 and body


def test_a_relation_column_needs_an_export_path(small_league):
    class Bare(LeagueTable):
        ancient_one = tables.Column()

    with pytest.raises(ImproperlyConfigured, match="export_paths"):
        list(table_rows(Bare(Session.objects.all())))


def test_tables_fed_a_list_fall_back_to_their_values(small_league):
    class Listed(LeagueTable):
        name = tables.Column()
        when = tables.Column()

    moment = datetime.datetime(2026, 1, 2, 3, 4, tzinfo=datetime.UTC)
    rows = list(table_rows(Listed([{"name": "=1+1", "when": moment}])))
    assert rows[0] == ["Name", "When"]
    assert rows[1][0] == "'=1+1"
    assert rows[1][1].tzinfo is None  # spreadsheets keep no time zone


def test_series_and_scenario_exports_stream_too(client):
    demo_league(10)
    from games.models import Scenario, Series

    series = Series.objects.get()
    scenario_row = Scenario.objects.first()
    url = reverse("league:series", args=[series.slug])
    board = reverse("league:scenario", args=[scenario_row.slug])
    assert csv_rows(client.get(url, {"_export": "csv"}))[0][0] == "Team"
    assert xlsx_rows(client.get(url, {"_export": "xlsx", "table": "players"}))[0][0] == "Player"
    assert csv_rows(client.get(board, {"_export": "csv"}))[0][0] == "Rank"


def test_chunk_size_is_read_when_the_export_runs(small_league, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK_SIZE", 1)
    with CaptureQueriesContext(connection) as queries:
        rows = list(table_rows(_leaderboard_table()))
    assert len(rows) == 4
    assert len([q for q in queries.captured_queries if "games_seat" in q["sql"]]) == 3


def test_an_xlsx_past_a_sheets_rows_is_refused_with_a_message(client, monkeypatch):
    monkeypatch.setattr(exports, "SHEET_MAX_ROWS", 3)
    for day in (1, 2, 3):
        game(played_on=datetime.date(2026, 1, day))
    url = reverse("league:leaderboard")
    response = client.get(url, {"_export": "xlsx", "sort": "-played_on"}, follow=True)
    assert response.redirect_chain[0][0] == f"{url}?sort=-played_on"
    assert "holds at most 2 rows under its header and this selection has 3" in (
        response.content.decode()
    )
    csv_rows = client.get(url, {"_export": "csv"}).getvalue().decode().splitlines()
    assert len(csv_rows) == 4  # CSV has no limit: the header and every victory
