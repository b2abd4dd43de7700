"""Reading an XLSX results sheet within bounds: the zip's directory checked before anything
is unpacked (zipfile never unpacks a member past its declared size), the sheet's declared
size checked, then only the rows present streamed, none wider than ``MAX_COLUMNS``.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator
from typing import IO

import openpyxl
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from openpyxl.utils import get_column_letter

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


def sheet_rows(stream: IO[bytes], refuse: Refuse) -> Iterator[tuple[int, tuple]]:
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
        # Forget the declared size (checked above): each row is then as wide as its last
        # cell, and a missing row comes as an empty one, skipped here.
        sheet.reset_dimensions()
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number > XLSX_MAX_ROWS:
                raise refuse(f"The sheet has rows past row {XLSX_MAX_ROWS:,}, a sheet's last.")
            if not row:
                continue
            if len(row) > MAX_COLUMNS:
                raise refuse(
                    f"Line {number} has a cell in column {get_column_letter(len(row))}: the "
                    f"results format has {len(COLUMNS)} columns and an import reads at most "
                    f"{MAX_COLUMNS} (to column {get_column_letter(MAX_COLUMNS)}). Delete the "
                    "cells past the table."
                )
            yield number, row
    finally:
        book.close()
