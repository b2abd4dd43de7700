"""The results format: its columns, safe spreadsheet cells, and catalog names as typed."""

import pytest

from games.imports.cells import CellError
from games.imports.format import BY_KEY, COLUMNS, GAME, HEADERS, SEAT, cell_text
from games.imports.names import Catalog, NameNotFound, catalog_key
from games.models import Seat, Session
from games.spreadsheets import safe_cell, unquote_cell
from tests.factories import first_league


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+1", "'+1"),
        ("-2 doom", "'-2 doom"),
        ("@SUM", "'@SUM"),
        ("\tTabbed", "'\tTabbed"),
        ("\rReturn", "'\rReturn"),
        ("'quoted", "''quoted"),
        ("plain", "plain"),
        ("", ""),
        (3, 3),
        (None, None),
    ],
)
def test_safe_cell_quotes_formula_text_and_unquote_gives_it_back(text, cell):
    assert safe_cell(text) == cell
    assert unquote_cell(cell) == text


@pytest.mark.parametrize("typed", ["'hello", "'", "'5"])
def test_unquote_keeps_a_quote_that_safe_cell_did_not_add(typed):
    assert unquote_cell(typed) == typed


def test_every_result_form_field_has_a_column():
    fields = {column.field for column in COLUMNS if column.scope == GAME}
    assert set(Session.RESULT_FIELDS) <= fields
    seat_fields = {column.field for column in COLUMNS if column.scope == SEAT}
    assert {"player_name", *Seat.RESULT_FIELDS} <= seat_fields


def test_headers_are_unique_whatever_their_spelling():
    assert len(BY_KEY) == len(HEADERS)
    assert HEADERS[0] == "Game"


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("  Shudde   M’ell ", "shudde m'ell"),
        ("CTHULHU", "cthulhu"),
        ("“Skids” O’Toole", '"skids" o\'toole'),
    ],
)
def test_catalog_key_ignores_case_spacing_and_typographic_quotes(typed, key):
    assert catalog_key(typed) == key


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("table", "typed", "name"),
    [
        ("ancient_ones", "cthulhu", "Cthulhu"),
        ("ancient_ones", "Cthulhu (doom track 13)", "Cthulhu"),
        ("ancient_ones", "shudde m’ell", "Shudde M'ell"),
        ("investigators", "  amanda   SHARPE ", "Amanda Sharpe"),
        ("investigators", "Amanda Sharpe (Student)", "Amanda Sharpe"),
        ("investigators", "“Skids” O’Toole", '"Skids" O\'Toole'),
        ("boxes", "dunwich horror", "Dunwich Horror"),
    ],
)
def test_catalog_names_match_as_the_form_offers_them(table, typed, name):
    assert getattr(Catalog(first_league()), table).find(typed).name == name


@pytest.mark.django_db
def test_an_unknown_name_suggests_the_nearest_spelling():
    with pytest.raises(NameNotFound, match="Did you mean Cthulhu"):
        Catalog(first_league()).ancient_ones.find("Cthulu")


@pytest.mark.django_db
def test_choice_columns_read_values_and_labels_and_refuse_others():
    outcome = BY_KEY["outcome"]
    assert outcome.value("Sealed the gates", Catalog(first_league())) == "sealed"
    assert outcome.value("CLOSED", Catalog(first_league())) == "closed"
    with pytest.raises(CellError, match="not one of"):
        outcome.value("won", Catalog(first_league()))


def test_blank_counts_read_as_the_models_default():
    assert BY_KEY["gate trophies"].value("", None) == "0"
    assert BY_KEY["seat ended"].value("", None) == "sane"
    assert BY_KEY["terror level"].value("", None) == ""


@pytest.mark.parametrize(
    ("stored", "text"),
    [(None, ""), (2.0, "2"), (2.5, "2.5"), (" x ", "x"), (7, "7")],
)
def test_cell_text_reads_spreadsheet_values(stored, text):
    assert cell_text(stored) == text


def test_cell_text_reads_spreadsheet_dates():
    import datetime

    assert cell_text(datetime.datetime(2026, 1, 10)) == "2026-01-10"
    assert cell_text(datetime.date(2026, 1, 10)) == "2026-01-10"


def test_the_format_doc_documents_every_column():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "docs" / "results-format.md").read_text()
    for column in COLUMNS:
        assert f"| `{column.header}` | {column.scope} |" in readme, column.header
