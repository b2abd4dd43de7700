"""The rows of the small summary tables on player and team pages (record by Ancient
One, month by month, investigators, teammates), written in Python.

Each was a template loop of a few dozen rows with a ``{% url %}``, ``floatformat`` or
``date`` per cell; on a cache miss those loops cost more than the page's queries. Links
are addressed as table cells' are (``cells.Links``: one ``reverse()`` per kind). The
markup is the one the templates wrote: every cell labelled for the phone's card layout
(``data-label``), numbers right-aligned, a dash for a missing value. Numbers round half
up, as ``floatformat`` does; every text is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from typing import Any

from django.utils.safestring import SafeString

from games.models import AncientOne, Player
from league.pages.cells import Links
from league.pages.date_labels import dated

DASH = "—"


def rounded(value, places: int) -> str:
    """``value`` to ``places`` decimals, half up (``floatformat``'s rounding); a dash for None."""
    if value is None:
        return DASH
    quantum = Decimal(1).scaleb(-places)
    return str(Decimal(repr(float(value))).quantize(quantum, rounding=ROUND_HALF_UP))


def number(value) -> str:
    return DASH if value is None else str(value)


def _row(head: tuple[str, str], *cells: tuple[str, str]) -> str:
    """One row: its header cell (label, content), then numbers (label, content)."""
    label, content = head
    numbers = "".join(numeric(name, text) for name, text in cells)
    return f'<tr><th scope="row" data-label="{label}">{content}</th>{numbers}</tr>'


def numeric(label: str, text: str) -> str:
    """A number's cell, right-aligned and labelled for the phone's card layout."""
    return f'<td class="num" data-label="{label}">{text}</td>'


def linked(address: str, text) -> str:
    """A link to ``address`` reading ``text`` (any object, as its ``str()``), escaped."""
    return f'<a href="{escape(address)}">{escape(str(text))}</a>'


def rows_or_empty(rows: list[str], empty: str, columns: int) -> SafeString:
    """The rows, or one row across ``columns`` saying ``empty`` when there are none."""
    if not rows:
        return SafeString(f'<tr><td colspan="{columns}">{escape(empty)}</td></tr>')
    return SafeString("\n".join(rows))


def record_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """A side's record by Ancient One (``SideAncientOne`` ``record()`` rows)."""
    links = Links()
    out = [
        _row(
            (
                "Ancient One",
                linked(
                    links.of_slug(AncientOne, row["ancient_one__slug"]), row["ancient_one__name"]
                ),
            ),
            ("Games", number(row["games"])),
            ("Victories", number(row["victories"])),
            ("Win %", f"{rounded(row['win_pct'], 0)}%"),
            ("Best", number(row["best_score"])),
            ("Mean", rounded(row["mean_score"], 1)),
        )
        for row in rows
    ]
    return rows_or_empty(out, "No approved games yet.", 6)


def player_month_rows(months: Iterable[tuple]) -> SafeString:
    """A player's (month, best, mean) victory scores."""
    out = [
        _row(
            ("Month", escape(dated(month, "YEAR_MONTH_FORMAT"))),
            ("Best", number(best)),
            ("Mean", rounded(mean, 1)),
        )
        for month, best, mean in months
    ]
    return rows_or_empty(out, "", 3)


def investigator_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """The investigators a player ended games with: seats and victories."""
    out = [
        _row(
            ("Investigator", escape(row["investigator__name"])),
            ("Games", number(row["seats"])),
            ("Victories", number(row["victories"])),
        )
        for row in rows
    ]
    return rows_or_empty(out, "None yet.", 3)


def teammate_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """Who a player plays with most: games and victories together."""
    links = Links()
    out = [
        _row(
            ("Player", linked(links.of_slug(Player, row["slug"]), row["name"])),
            ("Games together", number(row["games"])),
            ("Won together", number(row["victories"])),
        )
        for row in rows
    ]
    return rows_or_empty(out, "Always alone so far.", 3)


def team_month_rows(months: Iterable[Any]) -> SafeString:
    """A team's ``TeamMonth`` rows: games, victories, best and mean score."""
    out = [
        _row(
            ("Month", escape(dated(month.month, "M Y"))),
            ("Games", number(month.games)),
            ("Victories", number(month.victories)),
            ("Best", number(month.best_score)),
            ("Mean", rounded(month.mean_score, 1)),
        )
        for month in months
    ]
    return rows_or_empty(out, "", 5)
