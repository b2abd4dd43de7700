"""Reading an XLSX results sheet within bounds: the zip's directory checked before anything
is unpacked (zipfile never unpacks a member past its declared size), the sheet's declared
size checked, then only the rows present streamed, none wider than ``MAX_COLUMNS``.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from typing import IO

import openpyxl
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from openpyxl.utils import get_column_letter

from games.spreadsheets import SHEET_MAX_ROWS

from .format import COLUMNS
from .limits import MAX_COLUMNS, RATIO_FLOOR_BYTES, FileProblem, grouped

# Why a file is not a workbook, with the reason openpyxl or zipfile gave.
UNREADABLE = _lazy("The file is not a readable .xlsx workbook (%(error)s).")


def _check_zip(stream: IO[bytes]) -> None:
    """Refuse the workbook's zip before any of it is unpacked."""
    try:
        with zipfile.ZipFile(stream) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise FileProblem(UNREADABLE % {"error": error}) from None
    finally:
        stream.seek(0)
    limit = settings.LEAGUE_IMPORT_XLSX_MAX_UNPACKED
    unpacked = sum(member.file_size for member in members)
    if unpacked > limit:
        raise FileProblem(
            _(
                "The workbook unpacks to %(size)s, more than the %(limit)s an import unpacks "
                "(the LEAGUE_IMPORT_XLSX_MAX_UNPACKED setting). Split it, or save it as CSV."
            )
            % {"size": filesizeformat(unpacked), "limit": filesizeformat(limit)}
        )
    ratio = settings.LEAGUE_IMPORT_XLSX_MAX_RATIO
    for member in members:
        packed = max(member.compress_size, 1)
        if member.file_size >= RATIO_FLOOR_BYTES and member.file_size > ratio * packed:
            raise FileProblem(
                _(
                    "The workbook's part %(part)s unpacks %(times)s times its packed size, "
                    "past the %(ratio)s times a spreadsheet ever needs (the "
                    "LEAGUE_IMPORT_XLSX_MAX_RATIO setting): it is not a results sheet."
                )
                % {
                    "part": member.filename,
                    "times": grouped(member.file_size // packed),
                    "ratio": grouped(ratio),
                }
            )


def _check_declared(rows: int | None, columns: int | None) -> None:
    """Refuse a sheet that says it is ``rows`` x ``columns``, past the bounds."""
    if columns is not None and columns > MAX_COLUMNS:
        raise FileProblem(
            _(
                "The sheet says it is %(columns)s columns wide (to column %(letter)s); the "
                "results format has %(format)s columns and an import reads at most %(most)s. "
                "Delete the unused columns (or copy the table to a new sheet) and save again."
            )
            % {
                "columns": grouped(columns),
                "letter": get_column_letter(columns),
                "format": len(COLUMNS),
                "most": MAX_COLUMNS,
            }
        )
    if rows is not None and rows > SHEET_MAX_ROWS:
        raise FileProblem(
            _("The sheet says it has %(rows)s rows, more than a sheet can have (%(most)s).")
            % {"rows": grouped(rows), "most": grouped(SHEET_MAX_ROWS)}
        )


def sheet_rows(stream: IO[bytes]) -> Iterator[tuple[int, tuple]]:
    """The active sheet's rows present as (line, cells), at most ``MAX_COLUMNS`` cells."""
    _check_zip(stream)
    try:
        book = openpyxl.load_workbook(stream, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise FileProblem(UNREADABLE % {"error": error}) from None
    try:
        sheet = book.active
        _check_declared(sheet.max_row, sheet.max_column)
        # Forget the declared size (checked above): each row is then as wide as its last
        # cell, and a missing row comes as an empty one, skipped here.
        sheet.reset_dimensions()
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number > SHEET_MAX_ROWS:
                raise FileProblem(
                    _("The sheet has rows past row %(last)s, a sheet's last.")
                    % {"last": grouped(SHEET_MAX_ROWS)}
                )
            if not row:
                continue
            if len(row) > MAX_COLUMNS:
                raise FileProblem(
                    _(
                        "Line %(line)s has a cell in column %(letter)s: the results format has "
                        "%(format)s columns and an import reads at most %(most)s (to column "
                        "%(last)s). Delete the cells past the table."
                    )
                    % {
                        "line": number,
                        "letter": get_column_letter(len(row)),
                        "format": len(COLUMNS),
                        "most": MAX_COLUMNS,
                        "last": get_column_letter(MAX_COLUMNS),
                    }
                )
            yield number, row
    finally:
        book.close()
