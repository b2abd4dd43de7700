"""Reading games' facts from the database and writing summary changes back.

Changes are applied with one ``INSERT ... ON CONFLICT DO UPDATE`` per summary table
that adds to the stored numbers (so concurrent writers add up instead of overwriting),
then rows whose count reached zero are deleted, and a best score that may have gone
down (the best game was rejected, withdrawn or rescored lower) is recomputed for just
that row from the games.

Every writer locks the rows it changes in one order: table by table in ``TABLES``'
order, and by key within a table (the rows of an ``INSERT`` are taken in the order they
are listed). So two writers sharing rows (every game counts in the all-time row of its
box) wait for each other at most once, for the rest of the other's transaction, and never
in a circle (a deadlock, which PostgreSQL would end by failing one of them). A change
that takes from a row cannot go through that ``INSERT`` (its negative numbers break the
columns' CHECK constraints before the conflict is seen): its table's rows are first
locked in order by an ``INSERT`` of zeros, then updated.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone

from games import models as m
from games.bulk.rows import copy_works
from league.models import Season, Visibility

from . import contribution as c
from .best import best_recompute, lowered_keys
from .updates import row_sources, rows_delete, rows_update


@dataclass(frozen=True)
class Table:
    model: type
    keys: tuple[str, ...]  # database columns of the key, in the contribution's order
    sums: tuple[str, ...]
    count: str  # the row disappears when this reaches 0
    best: bool = False


TALLY = ("games", "victories", "score_sum")
TABLES: dict[str, Table] = {
    c.PLAYER: Table(
        m.PlayerStanding,
        ("player_id", "scope"),
        (*TALLY, "first_citizen_titles", "gate_trophies", "monster_trophies"),
        "games",
        best=True,
    ),
    c.PLAYER_ANCIENT_ONE: Table(
        m.PlayerAncientOne, ("player_id", "scope", "ancient_one_id"), TALLY, "games", True
    ),
    c.PLAYER_MONTH: Table(m.PlayerMonth, ("player_id", "scope", "month"), TALLY, "games", True),
    c.PLAYER_INVESTIGATOR: Table(
        m.PlayerInvestigator,
        ("player_id", "scope", "investigator_id"),
        ("seats", "victories"),
        "seats",
    ),
    c.PLAYER_TEAMMATE: Table(
        m.PlayerTeammate, ("player_id", "scope", "teammate_id"), ("games", "victories"), "games"
    ),
    c.TEAM: Table(
        m.TeamStanding,
        ("team_id", "scope"),
        (*TALLY, "scenarios_entered", "series_points"),
        "games",
        best=True,
    ),
    c.TEAM_ANCIENT_ONE: Table(
        m.TeamAncientOne, ("team_id", "scope", "ancient_one_id"), TALLY, "games", True
    ),
    c.TEAM_MONTH: Table(m.TeamMonth, ("team_id", "scope", "month"), TALLY, "games", True),
    c.ANCIENT_ONE_OUTCOME: Table(
        m.AncientOneOutcome,
        ("ancient_one_id", "scope", "outcome", "defeat_cause"),
        ("games",),
        "games",
    ),
    c.ANCIENT_ONE_SCORE: Table(
        m.AncientOneScore,
        ("ancient_one_id", "scope", "investigator_count", "score"),
        ("games",),
        "games",
    ),
    c.SCENARIO: Table(m.ScenarioSummary, ("scenario_id",), ("entries", "points"), "entries"),
    c.SERIES_TEAM: Table(
        m.SeriesTeamStanding, ("series_id", "team_id"), ("entries", "points"), "entries"
    ),
    c.SERIES_PLAYER: Table(
        m.SeriesPlayerStanding, ("series_id", "player_id"), ("entries", "points"), "entries"
    ),
    c.INVESTIGATOR: Table(
        m.InvestigatorStanding,
        ("investigator_id", "scope"),
        (*TALLY, *c.SEAT_ENDINGS_COUNTED),
        "games",
        best=True,
    ),
    c.INVESTIGATOR_ANCIENT_ONE: Table(
        m.InvestigatorAncientOne,
        ("investigator_id", "scope", "ancient_one_id"),
        TALLY,
        "games",
        True,
    ),
    c.INVESTIGATOR_TABLE_SIZE: Table(
        m.InvestigatorTableSize,
        ("investigator_id", "scope", "investigator_count"),
        TALLY,
        "games",
        True,
    ),
    c.HERALD: Table(m.HeraldStanding, ("herald_id", "scope"), TALLY, "games", True),
    c.BOX: Table(m.BoxStanding, ("box_id", "scope"), TALLY, "games", True),
    c.ANCIENT_ONE_TABLE_SIZE: Table(
        m.AncientOneTableSize,
        ("ancient_one_id", "scope", "investigator_count"),
        TALLY,
        "games",
        True,
    ),
}

GAME_FIELDS = (
    "pk",
    "status",
    "outcome",
    "defeat_cause",
    "score",
    "played_on",
    "created_at",
    "ancient_one_id",
    "investigator_count",
    "league_id",
    "league__visibility",
    "team_id",
    "scenario_id",
    "scenario__series_id",
    "is_entry",
    "scenario_score",
    "herald_id",
)
SEAT_FIELDS = (
    "session_id",
    "player_id",
    "investigator_id",
    "first_citizen",
    "gate_trophies",
    "monster_trophies",
    "ended",
)


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


def game_facts(games) -> dict[int, c.GameFacts]:
    """Facts of the games in a ``Session`` queryset, in three queries (games, seats, boxes)."""
    rows = list(games.order_by().values_list(*GAME_FIELDS))
    seats: dict[int, list[c.SeatFacts]] = defaultdict(list)
    boxes: dict[int, list[int]] = defaultdict(list)
    if rows:
        ids = [row[0] for row in rows]
        seat_rows = (
            m.Seat.objects.filter(session_id__in=ids)
            .order_by("session_id", "position", "pk")
            .values_list(*SEAT_FIELDS)
        )
        for session_id, *seat in seat_rows:
            seats[session_id].append(c.SeatFacts(*seat))
        box_rows = (
            m.Session.boxes.through.objects.filter(session_id__in=ids)
            .order_by("session_id", "box_id")
            .values_list("session_id", "box_id")
        )
        for session_id, box_id in box_rows:
            boxes[session_id].append(box_id)
    return {row[0]: facts_of(row, seats.get(row[0], ()), boxes.get(row[0], ())) for row in rows}


# Where the league's visibility is among a game's values (``facts_of``): read as "public".
_VISIBILITY_AT = GAME_FIELDS.index("league__visibility") - 1


def facts_of(row: tuple, seats: Iterable[c.SeatFacts], box_ids: Iterable[int] = ()) -> c.GameFacts:
    values = list(row[1:])
    values[_VISIBILITY_AT] = values[_VISIBILITY_AT] == Visibility.PUBLIC
    return c.GameFacts(*values, seats=tuple(seats), box_ids=tuple(box_ids))


def apply(delta: c.Delta, seasons: list[c.SeasonSpan] | None = None) -> bool:
    """Write ``delta`` to the summary rows; returns whether anything changed. ``seasons``:
    every season (``season_spans()``, read here when not given)."""
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
            _update(table, changes)
        removed = [key for key, change in changes if change.sums.get(table.count, 0) < 0]
        if removed:
            _delete_empty(table, removed)
        lowered = lowered_keys(changes) if table.best else {}
        if lowered:
            seasons = season_spans() if seasons is None else seasons
            best_recompute(table, lowered, seasons)
    return bool(by_table)


# Past this many rows a table's change goes through COPY and a scratch table (a rescore,
# a season's rebuild): below it, one statement listing the rows costs less.
COPY_FROM_ROWS = 500


def _upsert(table: Table, changes: list[tuple[tuple, c.Change]]) -> None:
    """Add ``changes`` (sorted by key) to their rows, creating the missing ones."""
    if not changes:
        return
    quote = connection.ops.quote_name
    db_table = quote(table.model._meta.db_table)
    columns = [*table.keys, *table.sums, *(["best_score"] if table.best else [])]
    updates = [f"{quote(s)} = {db_table}.{quote(s)} + EXCLUDED.{quote(s)}" for s in table.sums]
    if table.best:
        best, new = f"{db_table}.best_score", "EXCLUDED.best_score"
        updates.append(
            f"best_score = CASE WHEN {best} IS NULL OR {new} > {best} THEN "
            f"COALESCE({new}, {best}) ELSE {best} END"
        )
    rows = [
        [*key, *(change.sums.get(s, 0) for s in table.sums), *([change.best_added] * table.best)]
        for key, change in changes
    ]
    insert = f"INSERT INTO {db_table} ({', '.join(quote(col) for col in columns)}) "
    keys = ", ".join(quote(key) for key in table.keys)
    conflict = f"ON CONFLICT ({keys}) DO UPDATE SET {', '.join(updates)}"
    if copy_works() and len(rows) >= COPY_FROM_ROWS:
        _upsert_copied(db_table, columns, insert, conflict, rows, order=keys)
        return
    names = ", ".join(f"v.column{i}" for i in range(1, len(columns) + 1))
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


def _update(table: Table, changes: list[tuple[tuple, c.Change]]) -> None:
    quote = connection.ops.quote_name
    db_table = quote(table.model._meta.db_table)

    def sets(values: list[str]) -> list[str]:
        clauses = [
            f"{quote(s)} = {db_table}.{quote(s)} + {value}"
            for s, value in zip(table.sums, values, strict=False)
        ]
        if table.best:
            best, new = f"{db_table}.best_score", f"CAST({values[-1]} AS INTEGER)"
            clauses.append(
                f"best_score = CASE WHEN {best} IS NULL OR {new} > {best} THEN "
                f"COALESCE({new}, {best}) ELSE {best} END"
            )
        return clauses

    rows = [
        [*key, *(change.sums.get(s, 0) for s in table.sums), *([change.best_added] * table.best)]
        for key, change in changes
    ]
    rows_update(db_table, table.keys, sets, rows)


def _delete_empty(table: Table, keys: list[tuple]) -> None:
    quote = connection.ops.quote_name
    rows_delete(
        quote(table.model._meta.db_table),
        table.keys,
        f"{quote(table.count)} <= 0",
        [list(key) for key in keys],
    )
