"""What every league table shares: the base table (caption, template, sorting with empty
values last), the players column, rounded numbers, the export-only game number and link of
tables whose rows are games. Each subject's own tables live with its pages; rows arrive
annotated and prefetched (``league.queries``), and ``league/includes/table.html`` and a
row template per table (``league/rows/``) write the markup.
"""

from __future__ import annotations

import functools

import django_tables2 as tables
from django.conf import settings
from django.db.models import F
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.intervals import is_few, wilson
from games.numbers import rounded, shown
from league.current import active_slug
from league.queries.games import players_by_game
from league.site import without_language

NUMERIC = {"th": {"class": "num"}, "td": {"class": "num"}}

NO_RATE = "—"


def rate_cell(part: int, games: int):
    """ "40% (17–69%)" of ``part`` out of ``games``, marked "few games" below the bound."""
    bounds = wilson(part, games)
    if bounds is None:
        return NO_RATE
    low, high = bounds
    few = format_html(' <span class="few">{}</span>', _("few games")) if is_few(games) else ""
    # Numbers only (and the safe mark): no escaping to do, a cell per row of every rate.
    return mark_safe(
        f'{shown(100 * part / games)}% <span class="interval">'
        f"({shown(100 * low)}–{shown(100 * high)}%)</span>{few}"
    )


def _order_nulls_last(table, field, queryset, is_descending):
    key = F(field).desc(nulls_last=True) if is_descending else F(field).asc(nulls_last=True)
    return queryset.order_by(key, *table.tie_break), True


def link_to(path: str = ""):
    """``linkify=link_to("player")``: the cell links to the row's player (``link_to()``:
    to the row itself), whatever the column shows."""
    accessor = tables.A(path)
    return lambda record: accessor.resolve(record).get_absolute_url()


class PlayersColumn(tables.Column):
    """Every player at the game (the row template links each); plain names in exports."""

    def __init__(self):
        attrs = {"td": {"class": "players"}}
        super().__init__(gettext_lazy("Players"), accessor="pk", attrs=attrs, orderable=False)

    def export_values(self, game_ids: list[int]) -> dict[int, str]:
        """The cell of each game in a chunk of a streamed export, in one query
        (``league.pages.exports``): no seat or player objects are built."""
        return {game_id: ", ".join(names) for game_id, names in players_by_game(game_ids).items()}


class RoundedColumn(tables.Column):
    """A rate or a mean with ``places`` decimals (and ``suffix``, e.g. "%"), rounded in
    the exports as on the page, where they stay a number (XLSX: ``number_format``)."""

    def __init__(self, *, places: int, suffix: str = "", **kwargs):
        kwargs.setdefault("attrs", NUMERIC)
        super().__init__(**kwargs)
        self.places = places
        self.suffix = suffix
        self.number_format = "0." + "0" * places if places else "0"

    def export_shape(self, value):
        """The number as the page shows it (an int when it shows no decimals)."""
        return None if value is None else rounded(value, self.places)

    # django-tables2's exports: the cell is the number (``value`` is given the value alone).
    value = export_shape

    def render(self, value):
        return shown(value, self.places, self.suffix)


def rate_column(verbose_name, accessor: str = "win_pct_value") -> RoundedColumn:
    """A rate: its row template writes it with its interval (``rate_cell``), exports the
    per cent (the row's ``accessor``) rounded as the page shows it."""
    return RoundedColumn(verbose_name=verbose_name, places=0, accessor=accessor)


class LeagueTable(tables.Table):
    """The league's template and CSS class: ``stack`` makes a table a column of cards on a
    phone (``site.css``), each cell labelled by its header (``data-label``), so the page
    never scrolls sideways.
    """

    caption = ""
    # A template of its own writing a row's cells from ``record`` (``league/rows/``), in
    # the order and with the labels of the columns shown: a cell through django-tables2's
    # columns costs ten times one written by a template. ``None``: cells from the columns.
    row_template: str | None = None
    # Columns sorted on a stored field with empty values last either way (column name ->
    # field), ties broken by ``tie_break``: each gets its ``order_<column>``.
    sorted_nulls_last: dict[str, str] = {}
    tie_break: tuple[str, ...] = ("name", "pk")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, field in cls.sorted_nulls_last.items():
            setattr(cls, f"order_{name}", functools.partialmethod(_order_nulls_last, field))

    class Meta:
        template_name = "league/includes/table.html"
        attrs = {"class": "table stack"}

    @cached_property
    def cell_attrs(self) -> dict[str, str]:
        """Each column's ``<td>`` attributes and its ``data-label``, by column name: the
        same for every row (no league column's attributes depend on the record)."""
        return {
            column.name: format_html(
                '{} data-label="{}"', column.attrs["td"].as_html(), column.header
            )
            for column in self.columns
        }

    @cached_property
    def cell_labels(self) -> dict[str, str]:
        """Each column's header by column name, in the reader's language: a row template's
        ``data-label``s, worked out once per table rather than translated in every cell."""
        return {column.name: str(column.header) for column in self.columns}


# Any game number: the page of game N is the detail path with N in its place.
_PK_MARK = 987654321


class GameRowsTable(LeagueTable):
    """A table whose rows are games: its exports end with the game's number and link, on
    ``LEAGUE_SITE_URL``, else the request's host, else the path alone."""

    # Exports only: the game's number (its id), so a downloaded row can be found again,
    # and the absolute address of its page (the page links the date).
    game = tables.Column(
        verbose_name=gettext_lazy("Game"), accessor="pk", visible=False, orderable=False
    )
    link = tables.Column(
        verbose_name=gettext_lazy("Link"), accessor="pk", visible=False, orderable=False
    )

    class Meta(LeagueTable.Meta):
        sequence = ("...", "game", "link")

    @cached_property
    def game_link_parts(self) -> tuple[str, str]:
        """What goes before and after a game's number in its address: one ``reverse()``
        per export, not one per row. Without a language prefix: a file is passed around,
        and the link opens the game in each reader's own language."""
        site = settings.LEAGUE_SITE_URL.rstrip("/")
        request = getattr(self, "request", None)
        if not site and request is not None:
            site = request.build_absolute_uri("/").rstrip("/")
        path = without_language(
            reverse("games:detail", kwargs={"pk": _PK_MARK, "league_slug": active_slug()})
        )
        before, after = path.split(str(_PK_MARK), 1)
        return site + before, after

    def value_link(self, value):
        before, after = self.game_link_parts
        return f"{before}{value}{after}"
