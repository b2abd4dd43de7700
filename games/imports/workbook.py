"""Reading an XLSX results sheet within bounds: the zip looked at before parsing, the
sheet's declared size checked, then its rows streamed, never wider than the format.

openpyxl alone trusts the sheet: a 5 KB file declaring ``A1:XFD1048576`` makes it pad a
million empty rows to 16,384 cells, and a zip bomb unpacks as far as it asks. Here the
zip's own directory is read first (Python's zipfile never unpacks a member past the
size its directory declares, so the declared sizes bound the real work), and the rows
are read as they are present, without the declared dimensions; a cell past
``MAX_COLUMNS`` refuses the sheet.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator
from typing import IO

import openpyxl
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._reader import WorkSheetParser

from .format import COLUMNS
from .limits import MAX_COLUMNS, RATIO_FLOOR_BYTES, XLSX_MAX_ROWS

Refuse = Callable[[str], Exception]


def zip_problem(stream: IO[bytes]) -> str | None:
    """Why the workbook's zip is refused before any of it is unpacked, or None."""
    try:
        with zipfile.ZipFile(stream) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        return f"The file is not a readable .xlsx workbook ({error})."
    finally:
        stream.seek(0)
    limit = settings.LEAGUE_IMPORT_XLSX_MAX_UNPACKED
    unpacked = sum(member.file_size for member in members)
    if unpacked > limit:
        return (
            f"The workbook unpacks to {filesizeformat(unpacked)}, more than the "
            f"{filesizeformat(limit)} an import unpacks (the LEAGUE_IMPORT_XLSX_MAX_UNPACKED "
            "setting). Split it, or save it as CSV."
        )
    ratio = settings.LEAGUE_IMPORT_XLSX_MAX_RATIO
    for member in members:
        if member.file_size < RATIO_FLOOR_BYTES:
            continue
        if member.file_size > ratio * max(member.compress_size, 1):
            return (
                f"The workbook's part {member.filename} unpacks "
                f"{member.file_size // max(member.compress_size, 1):,} times its packed "
                f"size, past the {ratio:,} times a spreadsheet ever needs (the "
                "LEAGUE_IMPORT_XLSX_MAX_RATIO setting): it is not a results sheet."
            )
    return None


def declared_problem(rows: int | None, columns: int | None) -> str | None:
    """Why a sheet that says it is ``rows`` x ``columns`` is refused, or None."""
    if columns is not None and columns > MAX_COLUMNS:
        return (
            f"The sheet says it is {columns:,} columns wide (to column "
            f"{get_column_letter(columns)}); the results format has {len(COLUMNS)} "
            f"columns and an import reads at most {MAX_COLUMNS}. Delete the unused columns "
            "(or copy the table to a new sheet) and save again."
        )
    if rows is not None and rows > XLSX_MAX_ROWS:
        return (
            f"The sheet says it has {rows:,} rows, more than a sheet can have ({XLSX_MAX_ROWS:,})."
        )
    return None


def _parsed_rows(book, sheet) -> Iterator[tuple[int, list[dict]]]:
    """The sheet's rows as openpyxl parses them: (row number, [{column, value, ...}]).

    openpyxl's own row iterator pads every row to the declared (or widest) width and
    yields each missing row between two present ones; its parser, fed as that iterator
    feeds it, gives only the cells present. The private names are openpyxl 3.1's
    (pinned in requirements.txt); the XLSX import tests fail if they move.
    """
    with sheet._get_source() as source:
        parser = WorkSheetParser(
            source,
            sheet._shared_strings,
            data_only=True,
            epoch=book.epoch,
            date_formats=book._date_formats,
            timedelta_formats=book._timedelta_formats,
        )
        yield from parser.parse()


def sheet_rows(stream: IO[bytes], refuse: Refuse) -> Iterator[tuple[int, list]]:
    """The active sheet's rows present as (line, cells), at most ``MAX_COLUMNS`` cells."""
    problem = zip_problem(stream)
    if problem:
        raise refuse(problem)
    try:
        book = openpyxl.load_workbook(stream, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise refuse(f"The file is not a readable .xlsx workbook ({error}).") from None
    try:
        sheet = book.active
        problem = declared_problem(sheet.max_row, sheet.max_column)
        if problem:
            raise refuse(problem)
        for number, cells in _parsed_rows(book, sheet):
            if number > XLSX_MAX_ROWS:
                raise refuse(f"The sheet has rows past row {XLSX_MAX_ROWS:,}, a sheet's last.")
            width = max((cell["column"] for cell in cells), default=0)
            if width > MAX_COLUMNS:
                raise refuse(
                    f"Line {number} has a cell in column {get_column_letter(width)}: the "
                    f"results format has {len(COLUMNS)} columns and an import reads at most "
                    f"{MAX_COLUMNS} (to column {get_column_letter(MAX_COLUMNS)}). Delete the "
                    "cells past the table."
                )
            row = [None] * width
            for cell in cells:
                row[cell["column"] - 1] = cell["value"]
            yield number, row
    finally:
        book.close()
