"""Spreadsheet cells that are safe to open: text never runs as a formula.

Spreadsheet programs run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and some
also after a tab or carriage return) as a formula, so a player named ``=HYPERLINK(...)``
could act on whoever opens an export. Every text cell we write goes through
``safe_cell``; the results import reads cells back through ``unquote_cell`` so an export
re-imports to the very same text.
"""

from __future__ import annotations

# Characters that make a spreadsheet read text as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The prefix that keeps such text as text: spreadsheets show it, formulas never start.
QUOTE = "'"


def safe_cell(value):
    """``value`` ready for a spreadsheet cell: text that could run gets a leading quote.

    Text already starting with the quote gets one more, so ``unquote_cell`` can always
    take exactly one off. Numbers, dates and ``None`` pass unchanged.
    """
    if isinstance(value, str) and value.startswith((*FORMULA_STARTS, QUOTE)):
        return QUOTE + value
    return value


def unquote_cell(value):
    """Undo ``safe_cell``: drop the one quote it added, and only that quote."""
    quoted = isinstance(value, str) and value.startswith(QUOTE)
    if quoted and value[1:].startswith((*FORMULA_STARTS, QUOTE)):
        return value[1:]
    return value
