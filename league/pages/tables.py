"""What every table of the league pages shares: the base table (caption, template, CSS
class), the players and date columns, numeric cells and sorting with empty values last.

Each subject's own tables live with its pages (``league.pages.players``, ``teams``, ...).
Rows arrive annotated and prefetched (``league.queries``); columns only present them.
"""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import F
from django.utils.html import format_html_join

from league.queries import players_by_game

NUMERIC = {"th": {"class": "num"}, "td": {"class": "num"}}


def nulls_last(queryset, name, is_descending, *then):
    """``queryset`` sorted on ``name`` with empty values last either way, then by ``then``."""
    key = F(name).desc(nulls_last=True) if is_descending else F(name).asc(nulls_last=True)
    return queryset.order_by(key, *then), True


def players_of(record) -> list:
    """The distinct players at a game's table, in seat order (from prefetched seats)."""
    return record.players_at_table


class PlayersColumn(tables.Column):
    """Every player at the game, linked to their page; plain names in exports."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Players")
        kwargs.setdefault("attrs", {"td": {"class": "players"}})
        super().__init__(accessor="pk", orderable=False, **kwargs)

    def render(self, record):
        return format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            ((player.get_absolute_url(), player.name) for player in players_of(record)),
        )

    def value(self, record):
        return ", ".join(player.name for player in players_of(record))

    def export_values(self, game_ids: list[int]) -> dict[int, str]:
        """The cell of each game in a chunk of a streamed export, in one query
        (``league.pages.exports``): no seat or player objects are built."""
        return {game_id: ", ".join(names) for game_id, names in players_by_game(game_ids).items()}


class DateColumn(tables.DateColumn):
    """A date shown as "10 Jan 2026" and exported as a date (a real date cell in XLSX)."""

    def value(self, value, **kwargs):
        return value


class LeagueTable(tables.Table):
    """Shared presentation: the caption template, the CSS class."""

    caption = ""

    def __init__(self, *args, caption: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if caption is not None:
            self.caption = caption

    class Meta:
        template_name = "league/includes/table.html"
        attrs = {"class": "table"}
