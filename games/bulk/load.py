"""Writing many new games at once (the demo league and benchmark databases): plain tuples,
so a million games cost no model instances, written past ``save()`` (no per-game summary
upkeep, no history rows; what the write path keeps up is rebuilt once at the end).

Only for rows that are already rule-valid and scored (``games.bulk.planner`` checks each
game with ``games.validation``): nothing here validates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from django.db import connection, transaction

from games.models import Seat, Session
from games.ratings.replay import ratings_replay
from games.scenario_entries import scenario_entries_rebuild
from games.summaries import summaries_rebuild, suspended

# Session columns a planned game carries, in this order.
SESSION_FIELDS = (
    "league_id",
    "ancient_one_id",
    "played_on",
    "herald_id",
    "guardian_id",
    "team_id",
    "scenario_id",
    "outcome",
    "defeat_cause",
    "terror_level",
    "elder_signs_played",
    "elder_sign_tokens",
    "location",
    "notes",
    "status",
    "created_at",
    "tasks_completed",
    "entry_key",
    *Session.DERIVED_FIELDS,
)
# Seat columns of a planned seat, in this order (session_id is added when written).
SEAT_FIELDS = (
    "position",
    "player_id",
    "investigator_id",
    "ended",
    "replaced",
    "gate_trophies",
    "monster_trophies",
    "unpaid_loans",
    "first_citizen",
    "players_first_seat",
)


@dataclass(slots=True)
class PlannedGame:
    session: tuple  # SESSION_FIELDS
    seats: list  # of SEAT_FIELDS sequences
    box_ids: list[int]
    task_ids: list[int]


def _session_defaults(now) -> dict:
    """The columns a new game starts with that a plan does not set (as ``save()`` would)."""
    planned = set(SESSION_FIELDS)
    defaults = {
        field.attname: field.get_default()
        for field in Session._meta.concrete_fields
        if field.attname not in planned and not field.primary_key
    }
    defaults["updated_at"] = now  # auto_now
    return defaults


def games_bulk_load(
    batches: Iterable[list[PlannedGame]],
    *,
    now,
    scenario_ids: Iterable[int] = (),
    progress: Callable[[int], None] | None = None,
    large: bool = False,
) -> int:
    """Insert every batch of planned games, each in one transaction; returns how many.

    ``large`` (PostgreSQL): the load is big next to the tables, so it runs all or nothing
    in one transaction with the game tables' indexes and keys set aside (``pg_restore``'s
    way: building an index over the finished table is many times cheaper than keeping it
    up row by row). Then ``scenario_ids``' entries and the league-wide rows are rebuilt.
    """
    defaults = _session_defaults(now)
    large = large and connection.vendor == "postgresql"
    created = 0
    with (
        transaction.atomic() if large else nullcontext(),
        _indexes_set_aside() if large else nullcontext(),
    ):
        for batch in batches:
            with transaction.atomic():
                _write_batch(batch, defaults)
            created += len(batch)
            if progress:
                progress(created)
    if created:
        if connection.vendor == "postgresql":
            # The rebuilds below join these tables: planned on statistics of the tables as
            # they were (autovacuum may have just found them empty), a 3,000-game demo's
            # rebuild took minutes instead of a second.
            with connection.cursor() as cursor:
                quote = connection.ops.quote_name
                cursor.execute(f"ANALYZE {', '.join(map(quote, _game_tables()))}")
        # What the write path keeps up game by game: scenario entries first (the summaries
        # count entries), without per-game summary upkeep; then every summary row and
        # every rating, once per load.
        with suspended():
            scenario_entries_rebuild(scenario_ids)
        summaries_rebuild()
        ratings_replay()
    return created


def _game_tables() -> list[str]:
    """The tables a load writes: games, seats, their boxes and tasks done."""
    models = [Session, Seat, Session.boxes.through, Session.tasks_done.through]
    return [model._meta.db_table for model in models]


@contextmanager
def _indexes_set_aside():
    """Drop the game tables' indexes and keys, recreated on exit (a duplicate then fails
    the load; check constraints stay). Inside a transaction, so no definition is lost."""
    tables = _game_tables()
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        # Checks deferred by earlier writes of this transaction must run before the keys go.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        # Foreign keys from and to these tables, then their primary and unique keys.
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype = 'f' "
            "AND (conrelid = ANY(%s::regclass[]) OR confrelid = ANY(%s::regclass[]))",
            [tables, tables],
        )
        foreign_keys = cursor.fetchall()
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype IN ('p', 'u') AND conrelid = ANY(%s::regclass[])",
            [tables],
        )
        keys = cursor.fetchall()
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index i "
            "WHERE indrelid = ANY(%s::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c "
            "WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)",
            [tables],
        )
        indexes = cursor.fetchall()
        for table, name, _ in [*foreign_keys, *keys]:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {quote(name)}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
    yield
    with connection.cursor() as cursor:
        # Index builds sort in memory when they may; the default 64 MB spills to disk.
        cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
        for table, name, definition in keys:
            cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {quote(name)} {definition}")
        for _, definition in indexes:
            cursor.execute(definition)
        for table, name, definition in foreign_keys:
            cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {quote(name)} {definition}")
        # Django's foreign keys are deferred to the commit; later writes expect that.
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def _write_batch(batch: list[PlannedGame], defaults: dict) -> None:
    """One batch's games, then their seats, boxes and tasks: by ``COPY`` on PostgreSQL,
    by ``bulk_create`` elsewhere."""
    postgres = connection.vendor == "postgresql"
    if postgres:
        with connection.cursor() as cursor:
            # Ids come from the table's own sequence, so later inserts never collide.
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                [Session._meta.db_table, len(batch)],
            )
            ids = [row[0] for row in cursor.fetchall()]
        values = tuple(defaults.values())
        sessions = ((pk, *game.session, *values) for pk, game in zip(ids, batch, strict=True))
        _write(Session, ["id", *SESSION_FIELDS, *defaults], sessions, postgres)
    else:
        sessions = [
            Session(**dict(zip(SESSION_FIELDS, game.session, strict=True)), **defaults)
            for game in batch
        ]
        ids = [session.pk for session in Session.objects.bulk_create(sessions, batch_size=2000)]
    games = list(zip(ids, batch, strict=True))
    seats = ((pk, *seat) for pk, game in games for seat in game.seats)
    boxes = ((pk, box) for pk, game in games for box in game.box_ids)
    tasks = ((pk, task) for pk, game in games for task in game.task_ids)
    _write(Seat, ["session_id", *SEAT_FIELDS], seats, postgres)
    _write(Session.boxes.through, ["session_id", "box_id"], boxes, postgres)
    _write(Session.tasks_done.through, ["session_id", "scenariotask_id"], tasks, postgres)


def _write(model, attnames: list[str], rows: Iterable[tuple], postgres: bool) -> None:
    if not postgres:
        objs = [model(**dict(zip(attnames, row, strict=True))) for row in rows]
        model.objects.bulk_create(objs, batch_size=2000)
        return
    quote = connection.ops.quote_name
    columns = {field.attname: field.column for field in model._meta.concrete_fields}
    names = ", ".join(quote(columns[attname]) for attname in attnames)
    sql = f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)
