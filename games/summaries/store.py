"""Reading games' facts from the database and writing summary changes back.

A change is added with one ``INSERT ... ON CONFLICT DO UPDATE`` per table (concurrent
writers add up instead of overwriting); rows whose count reached zero are deleted, and a
best score that may have gone down is recomputed (``best``).

Every writer locks the rows it changes in one order, tables in ``TABLES``' order and keys
sorted within a table, so writers sharing rows never wait in a circle (docs/performance.md,
"Locks"). A change that takes from a row cannot go through that ``INSERT`` (its negative
numbers break the columns' CHECK constraints before the conflict is seen): its table's rows
are first locked in order by an ``INSERT`` of zeros, then updated.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import fields
from functools import partial

from django.db import connection, models
from django.db.models import UniqueConstraint
from django.utils import timezone

from games import models as m
from games.bulk.rows import copy_works
from league.models import Season, Visibility

from . import contribution as c
from .best import best_recompute, lowered_keys
from .updates import row_sources, rows_delete, rows_update


class Table:
    """A summary model as the upkeep writes it. Its key is its unique constraint's columns
    (in the order ``contribution`` gives a row's key); its sums are its other columns but
    the best score, in field order (the order ``rebuild_sql`` selects them in), the first
    counting the row's games: at 0 the row is deleted."""

    def __init__(self, model: type[models.Model]):
        meta = model._meta
        unique = [rule.fields for rule in meta.constraints if isinstance(rule, UniqueConstraint)]
        # A model without one (the scenario summary) is keyed by its one-to-one field.
        unique += [[f.name] for f in meta.concrete_fields if f.unique and not f.primary_key]
        self.model = model
        self.keys = tuple(meta.get_field(name).column for name in unique[0])
        self.sums = tuple(
            f.column
            for f in meta.concrete_fields
            if not f.primary_key and f.column not in (*self.keys, "best_score")
        )
        self.count = self.sums[0]
        self.best = "score_sum" in self.sums  # a tally of victory scores keeps its best one
        self.columns = [*self.keys, *self.sums, *(["best_score"] if self.best else [])]

    @property
    def db_table(self) -> str:
        return connection.ops.quote_name(self.model._meta.db_table)


TABLES: dict[str, Table] = {
    c.PLAYER: Table(m.PlayerStanding),
    c.PLAYER_ANCIENT_ONE: Table(m.PlayerAncientOne),
    c.PLAYER_MONTH: Table(m.PlayerMonth),
    c.PLAYER_INVESTIGATOR: Table(m.PlayerInvestigator),
    c.PLAYER_TEAMMATE: Table(m.PlayerTeammate),
    c.TEAM: Table(m.TeamStanding),
    c.TEAM_ANCIENT_ONE: Table(m.TeamAncientOne),
    c.TEAM_MONTH: Table(m.TeamMonth),
    c.ANCIENT_ONE_OUTCOME: Table(m.AncientOneOutcome),
    c.ANCIENT_ONE_SCORE: Table(m.AncientOneScore),
    c.SCENARIO: Table(m.ScenarioSummary),
    c.SERIES_TEAM: Table(m.SeriesTeamStanding),
    c.SERIES_PLAYER: Table(m.SeriesPlayerStanding),
    c.INVESTIGATOR: Table(m.InvestigatorStanding),
    c.INVESTIGATOR_ANCIENT_ONE: Table(m.InvestigatorAncientOne),
    c.INVESTIGATOR_TABLE_SIZE: Table(m.InvestigatorTableSize),
    c.HERALD: Table(m.HeraldStanding),
    c.BOX: Table(m.BoxStanding),
    c.ANCIENT_ONE_TABLE_SIZE: Table(m.AncientOneTableSize),
}

# The columns ``GameFacts`` and ``SeatFacts`` are made of, in their fields' order.
_GAME_COLUMNS = {"league_public": "league__visibility", "series_id": "scenario__series_id"}
GAME_FIELDS = (
    "pk",
    *(
        _GAME_COLUMNS.get(f.name, f.name)
        for f in fields(c.GameFacts)
        if f.name not in {"seats", "box_ids"}
    ),
)
SEAT_FIELDS = ("session_id", *(f.name for f in fields(c.SeatFacts)))


def season_spans() -> list[c.SeasonSpan]:
    """Every season, with the moment it closes in the site's time zone, and its league."""
    return [
        c.SeasonSpan(pk, start, end, closes_at(end), league_id)
        for pk, start, end, league_id in Season.objects.values_list(
            "pk", "start", "end", "league_id"
        )
    ]


def closes_at(end: datetime.date) -> datetime.datetime:
    """Midnight after a season's last day (``Season.closed_at`` once it has finished)."""
    midnight = datetime.datetime.combine(end + datetime.timedelta(days=1), datetime.time())
    return timezone.make_aware(midnight)


# Where the league's visibility is among a game's values: read as "public".
_VISIBILITY_AT = GAME_FIELDS.index("league__visibility") - 1


def game_facts(games) -> dict[int, c.GameFacts]:
    """Facts of the games in a ``Session`` queryset, in three queries (games, seats, boxes)."""
    rows = list(games.order_by().values_list(*GAME_FIELDS))
    ids = [row[0] for row in rows]
    seats: dict[int, list[c.SeatFacts]] = defaultdict(list)
    boxes: dict[int, list[int]] = defaultdict(list)
    seat_rows = m.Seat.objects.filter(session_id__in=ids).order_by("session_id", "position", "pk")
    for session_id, *seat in seat_rows.values_list(*SEAT_FIELDS):
        seats[session_id].append(c.SeatFacts(*seat))
    box_rows = m.Session.boxes.through.objects.filter(session_id__in=ids).order_by("box_id")
    for session_id, box_id in box_rows.values_list("session_id", "box_id"):
        boxes[session_id].append(box_id)
    facts = {}
    for pk, *values in rows:
        values[_VISIBILITY_AT] = values[_VISIBILITY_AT] == Visibility.PUBLIC
        facts[pk] = c.GameFacts(*values, seats=tuple(seats[pk]), box_ids=tuple(boxes[pk]))
    return facts


def apply(delta: c.Delta, seasons: list[c.SeasonSpan]) -> None:
    """Write ``delta`` to the summary rows; ``seasons``: every season (``season_spans()``)."""
    by_table: dict[str, list[tuple[tuple, c.Change]]] = defaultdict(list)
    for (name, key), change in delta.items():
        if not change.is_empty:
            by_table[name].append((key, change))
    for name, table in TABLES.items():  # one order for every writer (see the module doc)
        changes = sorted(by_table.get(name, ()), key=lambda pair: pair[0])
        if not changes:
            continue
        if all(min(change.sums.values(), default=0) >= 0 for _, change in changes):
            _upsert(table, changes)
        else:
            # Zeros added: every row there and locked, in key order; then the changes.
            _upsert(table, [(key, c.Change()) for key, _ in changes])
            rows_update(table.db_table, table.keys, partial(_added, table), _rows(table, changes))
        removed = [list(key) for key, change in changes if change.sums.get(table.count, 0) < 0]
        count = connection.ops.quote_name(table.count)
        rows_delete(table.db_table, table.keys, f"{count} <= 0", removed)
        if table.best:
            best_recompute(table, lowered_keys(changes), seasons)


# Past this many rows a table's change goes through COPY and a scratch table (a rescore,
# a season's rebuild): below it, one statement listing the rows costs less.
COPY_FROM_ROWS = 500


def _rows(table: Table, changes: list[tuple[tuple, c.Change]]) -> list[list]:
    """Each change as its key, its sums and, for a tally, the best score it adds."""
    return [
        [*key, *(change.sums.get(s, 0) for s in table.sums), *([change.best_added] * table.best)]
        for key, change in changes
    ]


def _added(table: Table, values: list[str]) -> list[str]:
    """The SET clauses adding ``values`` (SQL: the sums', then a tally's best score) to a
    row, keeping the higher of its best score and the new one (NULL: none)."""
    quote, kept = connection.ops.quote_name, f"{table.db_table}.best_score"
    clauses = [
        f"{quote(s)} = {table.db_table}.{quote(s)} + {value}"
        for s, value in zip(table.sums, values, strict=False)
    ]
    if table.best:
        best = f"CAST({values[-1]} AS INTEGER)"
        clauses.append(
            f"best_score = CASE WHEN {kept} IS NULL OR {best} > {kept} THEN "
            f"COALESCE({best}, {kept}) ELSE {kept} END"
        )
    return clauses


def _upsert(table: Table, changes: list[tuple[tuple, c.Change]]) -> None:
    """Add ``changes`` (sorted by key, at least one) to their rows, creating the missing ones."""
    quote, db_table = connection.ops.quote_name, table.db_table
    updates = _added(table, [f"EXCLUDED.{quote(col)}" for col in table.columns[len(table.keys) :]])
    rows = _rows(table, changes)
    insert = f"INSERT INTO {db_table} ({', '.join(quote(col) for col in table.columns)}) "
    keys = ", ".join(quote(key) for key in table.keys)
    conflict = f"ON CONFLICT ({keys}) DO UPDATE SET {', '.join(updates)}"
    if copy_works() and len(rows) >= COPY_FROM_ROWS:
        _upsert_copied(db_table, table.columns, insert, conflict, rows, order=keys)
        return
    names = ", ".join(f"v.column{i}" for i in range(1, len(table.columns) + 1))
    in_key_order = ", ".join(f"v.column{i}" for i in range(1, len(table.keys) + 1))
    with connection.cursor() as cursor:
        # "WHERE true": SQLite would read ON CONFLICT as the join's ON clause without it.
        for source, params in row_sources(rows):
            cursor.execute(
                f"{insert} SELECT {names} FROM {source} WHERE true ORDER BY {in_key_order} "
                f"{conflict}",
                params,
            )


def _upsert_copied(
    db_table: str, columns: list[str], insert: str, conflict: str, rows, *, order: str
) -> None:
    """PostgreSQL: the rows COPYed into a scratch table, then one ``INSERT ... SELECT``
    (a statement of thousands of bound values costs more to build than to run)."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(col) for col in columns)
    scratch = quote("upsert_" + db_table.strip('"'))
    with connection.cursor() as cursor:
        # Its columns' types are the table's; no constraint, as the rows are changes.
        cursor.execute(
            f"CREATE TEMPORARY TABLE {scratch} ON COMMIT DROP AS "
            f"SELECT {names} FROM {db_table} WITH NO DATA"
        )
        with cursor.cursor.copy(f"COPY {scratch} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(f"{insert} SELECT {names} FROM {scratch} ORDER BY {order} {conflict}")
        cursor.execute(f"DROP TABLE {scratch}")
