"""Spreadsheet cells that are safe to open: text never runs as a formula (OWASP "CSV
injection"). Every text cell the league writes goes through ``safe_cell``; the results
import reads cells back through ``unquote_cell``, so an export re-imports to the same text.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

# Characters that make a spreadsheet read text as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The prefix that keeps such text as text: spreadsheets show it, formulas never start.
QUOTE = "'"
# Values a spreadsheet keeps typed (numbers stay numbers, dates dates); a datetime is a date.
TYPED = (bool, int, float, Decimal, datetime.date, datetime.time)
# A sheet's rows, its header included: an XLSX file holds no more.
SHEET_MAX_ROWS = 1_048_576
# Excel's limit on a sheet's name.
SHEET_TITLE_MAX = 31


def safe_cell(value):
    """``value`` ready for a spreadsheet cell: text that could run gets a leading quote,
    as does text already starting with one, so ``unquote_cell`` always takes one off."""
    if value is None or isinstance(value, TYPED):
        return value
    text = str(value)
    return QUOTE + text if text.startswith((*FORMULA_STARTS, QUOTE)) else text


def unquote_cell(value):
    """Undo ``safe_cell``: drop the one quote it added, and only that quote."""
    quoted = isinstance(value, str) and value.startswith(QUOTE)
    if quoted and value[1:].startswith((*FORMULA_STARTS, QUOTE)):
        return value[1:]
    return value


def write_sheet(
    rows: Iterable[list], target, title: str, formats: Iterable[str | None] = ()
) -> None:
    """``rows`` (the header first, cells already safe) into a one-sheet workbook at
    ``target``; ``formats``: each column's number format (None: as the value is). Written
    a row at a time, only styled cells as ``WriteOnlyCell``, so memory stays flat."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=title[:SHEET_TITLE_MAX] or "Export")
    # Write-only mode writes the sheet's view before its first row: freeze panes now.
    sheet.freeze_panes = "A2"
    rows = iter(rows)
    header = next(rows, None)
    if header is None:
        book.save(target)
        return
    bold = Font(bold=True)
    sheet.append([_styled(sheet, value, font=bold) for value in header])
    formatted = [(i, number) for i, number in enumerate(formats) if number]
    count = 0
    for row in rows:
        if formatted:
            row = list(row)
            for i, number in formatted:
                row[i] = _styled(sheet, row[i], number_format=number)
        sheet.append(row)
        count += 1
    # The filter is written after the rows, so its range can be the rows just counted.
    sheet.auto_filter.ref = f"A1:{get_column_letter(max(len(header), 1))}{count + 1}"
    book.save(target)


def _styled(sheet, value, font=None, number_format=None) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=value)
    if font is not None:
        cell.font = font
    if number_format is not None:
        cell.number_format = number_format
    return cell
