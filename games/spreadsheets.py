"""Spreadsheet cells that are safe to open: text never runs as a formula.

Spreadsheet programs run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and some
also after a tab or carriage return) as a formula, so a player named ``=HYPERLINK(...)``
could act on whoever opens an export (OWASP "CSV injection"). Every text cell the league
writes -- the results format and the tables' CSV/XLSX downloads alike -- goes through
``safe_cell``; the results import reads cells back through ``unquote_cell`` so an export
re-imports to the very same text.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

# Characters that make a spreadsheet read text as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The prefix that keeps such text as text: spreadsheets show it, formulas never start.
QUOTE = "'"
# Values a spreadsheet keeps typed (numbers stay numbers, dates dates); a datetime is a date.
TYPED = (bool, int, float, Decimal, datetime.date, datetime.time)


def safe_cell(value):
    """``value`` ready for a spreadsheet cell: text that could run gets a leading quote.

    Text already starting with the quote gets one more, so ``unquote_cell`` can always
    take exactly one off. Numbers, dates and ``None`` pass unchanged; anything else
    becomes its text.
    """
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
