"""Exports are safe to open (issue table row 6): no cell a spreadsheet would run.

Names are typed by anyone; a name such as ``=HYPERLINK(...)`` must reach the CSV and the
XLSX as text, while scores stay numbers and dates stay dates.
"""

import csv
import datetime
import io

import openpyxl
import pytest

from games.spreadsheets import safe_cell
from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db

HOSTILE = ['=HYPERLINK("http://x","y")', "+1+1", "@SUM(1)", "-2+3"]
INVESTIGATORS = ["Amanda Sharpe", "Bob Jenkins", "Vincent Lee", "Carolyn Fern"]
EXPORTS = [
    (reverse("league:leaderboard"), "Players"),
    (reverse("league:standings"), "Player"),
]


@pytest.fixture
def hostile_league(db):
    """One approved victory per hostile name, that player alone at the table."""
    return [
        game(seats=[seat(name, investigator)], terror_level=n, played_on=datetime.date(2026, 2, n))
        for n, (name, investigator) in enumerate(zip(HOSTILE, INVESTIGATORS, strict=True), 1)
    ]


def csv_table(client, url):
    response = client.get(url, {"_export": "csv"})
    assert response.status_code == 200
    header, *rows = csv.reader(io.StringIO(response.getvalue().decode()))
    return header, rows


def xlsx_sheet(client, url):
    response = client.get(url, {"_export": "xlsx"})
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(response.getvalue())).active


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ann", "Ann"),
        ("Ann, =1+1", "Ann, =1+1"),  # only a leading character makes a formula
        ("", ""),
        ("'quoted", "''quoted"),  # one more quote, so the import can take exactly one off
        (-3, -3),  # numbers stay numbers, even negative ones
        (2.5, 2.5),
        (None, None),
        (datetime.date(2026, 1, 10), datetime.date(2026, 1, 10)),
    ],
)
def test_safe_cell_quotes_only_text_that_would_start_a_formula(value, expected):
    assert safe_cell(value) == expected


@pytest.mark.parametrize(("url", "column"), EXPORTS)
def test_csv_export_quotes_every_hostile_name(client, hostile_league, url, column):
    header, rows = csv_table(client, url)
    names = sorted(row[header.index(column)] for row in rows)
    assert names == sorted(f"'{name}" for name in HOSTILE)
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


@pytest.mark.parametrize(("url", "column"), EXPORTS)
def test_xlsx_export_has_no_formula_cell(client, hostile_league, url, column):
    sheet = xlsx_sheet(client, url)
    header = [cell.value for cell in sheet[1]]
    names = []
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            assert cell.data_type != "f", cell.value
            if isinstance(cell.value, str):
                assert not cell.value.startswith(("=", "+", "-", "@", "\t", "\r")), cell.value
        names.append(row[header.index(column)].value)
    assert sorted(names) == sorted(f"'{name}" for name in HOSTILE)


def test_xlsx_leaderboard_keeps_scores_as_numbers_and_dates_as_dates(client, hostile_league):
    sheet = xlsx_sheet(client, reverse("league:leaderboard"))
    header = [cell.value for cell in sheet[1]]
    rows = list(sheet.iter_rows(min_row=2))
    by_date = {}
    for row in rows:
        score, played = row[header.index("Score")], row[header.index("Date")]
        assert score.data_type == "n" and isinstance(score.value, int)
        assert played.is_date
        by_date[played.value.date()] = score.value
    assert by_date == {g.played_on: g.score for g in hostile_league}


def test_xlsx_standings_keep_counts_as_numbers(client, hostile_league):
    sheet = xlsx_sheet(client, reverse("league:standings"))
    header = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        for column in ("Games", "Victories", "Best score"):
            assert isinstance(row[header.index(column)].value, int)
        assert row[header.index("Win %")].value == 100


def test_csv_dates_stay_iso_dates(client, hostile_league):
    header, rows = csv_table(client, reverse("league:leaderboard"))
    dates = sorted(row[header.index("Date")] for row in rows)
    assert dates == [f"2026-02-0{n}" for n in range(1, 5)]
