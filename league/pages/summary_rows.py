"""The rows of the small summary tables on player and team pages (record by Ancient
One, month by month, investigators, teammates, scenario entries), written in Python.

Each was a template loop of a few dozen rows with a ``{% url %}``, ``floatformat`` or
``date`` per cell; on a cache miss those loops cost more than the page's queries. The
markup is the one the templates wrote: every cell labelled for the phone's card layout
(``data-label``), numbers right-aligned, a dash for a missing value. Numbers round half
up, as ``floatformat`` does; every text is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from typing import Any
from urllib.parse import quote

from django.urls import reverse
from django.utils.safestring import SafeString

from league.pages.date_labels import dated

DASH = "—"
_SLUG_MARK = "slug-mark-of-rows"
_PATH_SAFE = "!$&'()*+,;=/~:@"


def rounded(value, places: int) -> str:
    """``value`` to ``places`` decimals, half up (``floatformat``'s rounding); a dash for None."""
    if value is None:
        return DASH
    quantum = Decimal(1).scaleb(-places)
    return str(Decimal(repr(float(value))).quantize(quantum, rounding=ROUND_HALF_UP))


def number(value) -> str:
    return DASH if value is None else str(value)


class SlugLinks:
    """``league:<name>`` addresses from a slug: one ``reverse()`` per kind, not per row."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[str, str]] = {}

    def __call__(self, name: str, slug: str) -> str:
        if name not in self.parts:
            before, after = reverse(name, args=[_SLUG_MARK]).split(_SLUG_MARK, 1)
            self.parts[name] = (before, after)
        before, after = self.parts[name]
        return escape(f"{before}{quote(str(slug), safe=_PATH_SAFE)}{after}")


def _cell(label: str, content: str, *, num: bool = False) -> str:
    kind = ' class="num"' if num else ""
    return f'<td{kind} data-label="{label}">{content}</td>'


def _head(label: str, content: str) -> str:
    return f'<th scope="row" data-label="{label}">{content}</th>'


def _rows(rows: list[str], empty: str, columns: int) -> SafeString:
    if not rows:
        return SafeString(f'<tr><td colspan="{columns}">{escape(empty)}</td></tr>')
    return SafeString("\n".join(rows))


def record_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """A side's record by Ancient One (``SideAncientOne`` ``record()`` rows)."""
    link = SlugLinks()
    out = [
        "<tr>"
        + _head(
            "Ancient One",
            f'<a href="{link("league:ancient_one", row["ancient_one__slug"])}">'
            f"{escape(row['ancient_one__name'])}</a>",
        )
        + _cell("Games", number(row["games"]), num=True)
        + _cell("Victories", number(row["victories"]), num=True)
        + _cell("Win %", f"{rounded(row['win_pct'], 0)}%", num=True)
        + _cell("Best", number(row["best_score"]), num=True)
        + _cell("Mean", rounded(row["mean_score"], 1), num=True)
        + "</tr>"
        for row in rows
    ]
    return _rows(out, "No approved games yet.", 6)


def player_month_rows(months: Iterable[tuple]) -> SafeString:
    """A player's (month, best, mean) victory scores."""
    out = [
        "<tr>"
        + _head("Month", escape(dated(month, "YEAR_MONTH_FORMAT")))
        + _cell("Best", number(best), num=True)
        + _cell("Mean", rounded(mean, 1), num=True)
        + "</tr>"
        for month, best, mean in months
    ]
    return _rows(out, "", 3)


def investigator_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """The investigators a player ended games with: seats and victories."""
    out = [
        "<tr>"
        + _head("Investigator", escape(row["investigator__name"]))
        + _cell("Games", number(row["seats"]), num=True)
        + _cell("Victories", number(row["victories"]), num=True)
        + "</tr>"
        for row in rows
    ]
    return _rows(out, "None yet.", 3)


def teammate_rows(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """Who a player plays with most: games and victories together."""
    link = SlugLinks()
    out = [
        "<tr>"
        + _head(
            "Player",
            f'<a href="{link("league:player", row["slug"])}">{escape(row["name"])}</a>',
        )
        + _cell("Games together", number(row["games"]), num=True)
        + _cell("Won together", number(row["victories"]), num=True)
        + "</tr>"
        for row in rows
    ]
    return _rows(out, "Always alone so far.", 3)


def team_month_rows(months: Iterable[Any]) -> SafeString:
    """A team's ``TeamMonth`` rows: games, victories, best and mean score."""
    out = [
        "<tr>"
        + _head("Month", escape(dated(month.month, "M Y")))
        + _cell("Games", number(month.games), num=True)
        + _cell("Victories", number(month.victories), num=True)
        + _cell("Best", number(month.best_score), num=True)
        + _cell("Mean", rounded(month.mean_score, 1), num=True)
        + "</tr>"
        for month in months
    ]
    return _rows(out, "", 5)
