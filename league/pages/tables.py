"""What every table of the league pages shares: the base table (caption, template, CSS
class, rows rendered from a column plan), the players and date columns, rounded numbers,
the export-only game number and link of tables whose rows are games, numeric cells and
sorting with empty values last.

Each subject's own tables live with its pages (``league.pages.players``, ``teams``, ...).
Rows arrive annotated and prefetched (``league.queries``); columns only present them.
django-tables2 stays the definition of every table (columns, headers, sorting, pages,
exports); only the rows' cells are written by ``league.pages.cells``, planned once per
column instead of django-tables2's machinery once per cell. A link goes to an object
(``linkify=True``) or to one along a path from the row (``linkify=link_to("player")``),
never through a function the plan cannot see into.
"""

from __future__ import annotations

from html import escape

import django_tables2 as tables
from django.conf import settings
from django.db.models import F, QuerySet
from django.template import Context
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django_tables2.data import TableQuerysetData
from django_tables2.utils import OrderBy

from league.pages.cells import ColumnPlan, Links, LinkTo
from league.queries import players_by_game
from league.queries.prepared_lists import prepared_order, prepared_slice

NUMERIC = {"th": {"class": "num"}, "td": {"class": "num"}}


def nulls_last(queryset, name, is_descending, *then):
    """``queryset`` sorted on ``name`` with empty values last either way, then by ``then``
    (with SQL compiled once per process for rows of ``preparable``)."""
    key = F(name).desc(nulls_last=True) if is_descending else F(name).asc(nulls_last=True)
    return prepared_order(queryset, key, *then), True


def link_to(path: str = "") -> LinkTo:
    """``linkify=link_to("player")``: the cell links to the row's player (``link_to()``:
    to the row itself), addressed from its slug or id without a ``reverse()`` per row."""
    return LinkTo(path)


def players_of(record) -> list:
    """The distinct players at a game's table, in seat order (from prefetched seats)."""
    return record.players_at_table


class PlayersColumn(tables.Column):
    """Every player at the game, linked to their page; plain names in exports."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Players")
        kwargs.setdefault("attrs", {"td": {"class": "players"}})
        super().__init__(accessor="pk", orderable=False, **kwargs)

    def render(self, record, table):
        links = table.links if isinstance(table, LeagueTable) else Links()
        return SafeString(
            ", ".join(
                f'<a href="{escape(links.url(player))}">{escape(player.name)}</a>'
                for player in players_of(record)
            )
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


class RoundedColumn(tables.Column):
    """A rate or a mean shown with ``places`` decimals (and ``suffix``, e.g. "%").

    The page and the exports round the same way, so a cell of the download reads as the
    cell of the page; exports keep it a number, and XLSX shows it with ``number_format``.
    """

    def __init__(self, *, places: int, suffix: str = "", **kwargs):
        kwargs.setdefault("attrs", NUMERIC)
        super().__init__(**kwargs)
        self.places = places
        self.suffix = suffix
        self.number_format = "0." + "0" * places if places else "0"

    def export_shape(self, value):
        """The number as the page shows it (an int when it shows no decimals)."""
        if value is None:
            return None
        number = round(value, self.places)
        return number if self.places else int(number)

    def render(self, value):
        return f"{self.export_shape(value):.{self.places}f}{self.suffix}"

    def value(self, value, **kwargs):
        return self.export_shape(value)


class LeagueQuerysetData(TableQuerysetData):
    """django-tables2's queryset data, sorted and paged through
    ``league.queries.prepared_lists``: rows marked there (a player's games, say) are
    sorted and sliced with SQL compiled once per process; any others as before."""

    def __getitem__(self, key):
        return prepared_slice(self.data, key)

    def order_by(self, aliases):
        # django-tables2's own, but its last step (a sort by the columns' accessors)
        # through ``prepared_order``.
        accessors, custom = [], False
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            if alias[0] != bound_column.order_by_alias[0]:
                accessors += bound_column.order_by.opposite
            else:
                accessors += bound_column.order_by
            if bound_column:
                queryset, modified = bound_column.order(self.data, alias[0] == "-")
                if modified:
                    self.data, custom = queryset, True
        if custom:
            return
        if accessors:
            self.data = prepared_order(self.data, *(a.for_queryset() for a in accessors))


class LeagueTable(tables.Table):
    """Shared presentation: the caption template, the CSS class.

    ``stack`` makes every league table a column of cards on a phone (``site.css``), each
    cell labelled by its column's header (``data-label``, written by the template), so no
    column is cut off and the page never scrolls sideways.
    """

    caption = ""

    def __init__(self, *args, caption: str | None = None, **kwargs):
        if args and isinstance(args[0], QuerySet):
            args = (LeagueQuerysetData(args[0]), *args[1:])
        elif isinstance(kwargs.get("data"), QuerySet):
            kwargs["data"] = LeagueQuerysetData(kwargs["data"])
        super().__init__(*args, **kwargs)
        if caption is not None:
            self.caption = caption

    @cached_property
    def links(self) -> Links:
        """Object addresses for this table's links: one ``reverse()`` per kind of object."""
        return Links()

    def body_html(self) -> SafeString:
        """The ``<tbody>``'s rows (``league/includes/table.html``): each visible column
        planned once (``cells.ColumnPlan``), then one string per row; the even/odd
        classes, ``data-label`` and empty text as django-tables2's template wrote them."""
        context = getattr(self, "context", None) or Context()
        plans = [ColumnPlan(self, column, self.links) for column in self.columns]
        rows = []
        for row in self.paginated_rows:
            if self.row_attrs:
                opening = f"<tr {row.attrs.as_html()}>"
            else:
                opening = '<tr class="odd">' if row.row_counter % 2 else '<tr class="even">'
            rows.append(opening + "".join(plan.cell(row, context) for plan in plans) + "</tr>")
        if not rows and self.empty_text:
            empty = conditional_escape(self.empty_text)
            rows.append(f'<tr><td colspan="{len(self.columns)}">{empty}</td></tr>')
        return SafeString("\n".join(rows))

    class Meta:
        template_name = "league/includes/table.html"
        attrs = {"class": "table stack"}


# Any game number: the page of game N is the detail path with N in its place.
_PK_MARK = 987654321


class GameNumberColumn(tables.Column):
    """The game's number (its id), so a downloaded row can be found again: exports only."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Game")
        super().__init__(accessor="pk", visible=False, orderable=False, **kwargs)


class GameLinkColumn(tables.Column):
    """The absolute address of the game's page: exports only (the page links the date)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Link")
        super().__init__(accessor="pk", visible=False, orderable=False, **kwargs)


class GameRowsTable(LeagueTable):
    """A table whose rows are games: its exports end with the game's number and link.

    The link is on ``LEAGUE_SITE_URL`` when it is set, else on the host the request came
    to (``RequestConfig`` gives the table its request); a table built without either
    links the path alone.
    """

    game = GameNumberColumn()
    link = GameLinkColumn()

    class Meta(LeagueTable.Meta):
        sequence = ("...", "game", "link")

    @cached_property
    def game_link_parts(self) -> tuple[str, str]:
        """What goes before and after a game's number in its address: one ``reverse()``
        per export, not one per row."""
        site = settings.LEAGUE_SITE_URL.rstrip("/")
        request = getattr(self, "request", None)
        if not site and request is not None:
            site = request.build_absolute_uri("/").rstrip("/")
        path = reverse("games:detail", kwargs={"pk": _PK_MARK})
        before, after = path.split(str(_PK_MARK), 1)
        return site + before, after

    def game_link(self, pk) -> str:
        before, after = self.game_link_parts
        return f"{before}{pk}{after}"

    def value_link(self, value):
        return self.game_link(value)
