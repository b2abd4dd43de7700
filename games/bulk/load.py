"""Writing many new games at once: the demo league and benchmark databases.

A planned game is plain tuples, so a million of them cost no model instances. On
PostgreSQL each batch goes in with ``COPY`` (one transaction per batch, session ids
reserved from the table's sequence); elsewhere with ``bulk_create`` in large batches.
Both bypass ``save()``: no per-game summary upkeep and no history rows run while
loading (the history page shows a game without them as it was created). Scenario
entries, the league summaries and the ratings are rebuilt once at the end.

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

    ``large`` (PostgreSQL): the load is big next to the tables, so the whole load runs in
    one transaction with the game tables' secondary indexes and foreign keys set aside,
    rebuilt once at the end (as ``pg_restore`` does): building an index or checking a
    foreign key over the finished table is many times cheaper than maintaining them row by
    row. All or nothing: a failure rolls the tables back with their indexes. Afterwards
    the scenario entries of ``scenario_ids`` and the league-wide derived rows are rebuilt.
    """
    defaults = _session_defaults(now)
    postgres = connection.vendor == "postgresql"
    write = _copy_batch if postgres else _bulk_create_batch
    large = large and postgres
    created = 0
    with (
        transaction.atomic() if large else nullcontext(),
        _indexes_set_aside() if large else nullcontext(),
    ):
        for batch in batches:
            with transaction.atomic():
                write(batch, defaults)
            created += len(batch)
            if progress:
                progress(created)
    if created:
        # What the write path keeps up game by game: scenario entries first (the summaries
        # count entries), without per-game summary upkeep; then every summary row and
        # every rating, once per load.
        with suspended():
            scenario_entries_rebuild(scenario_ids)
        summaries_rebuild()
        ratings_replay()
    return created


@contextmanager
def _indexes_set_aside():
    """Drop the indexes and key constraints of the game tables; recreate them all on exit.

    Loading into bare tables is several times faster than keeping a dozen indexes up row
    by row; the keys are checked again when recreated (a duplicate fails the load). Check
    constraints stay. Must run inside a transaction, so the definitions are never lost.
    """
    models = [Session, Seat, Session.boxes.through, Session.tasks_done.through]
    tables = [model._meta.db_table for model in models]
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
        cursor.execute(f"ANALYZE {', '.join(quote(table) for table in tables)}")
        # Django's foreign keys are deferred to the commit; later writes expect that.
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def _copy_batch(batch: list[PlannedGame], defaults: dict) -> None:
    session_columns = ["id", *SESSION_FIELDS, *defaults]
    default_values = tuple(defaults.values())
    boxes = Session.boxes.through
    tasks = Session.tasks_done.through
    with connection.cursor() as cursor:
        # Ids come from the table's own sequence, so later inserts never collide.
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [Session._meta.db_table, len(batch)],
        )
        ids = [row[0] for row in cursor.fetchall()]
        with cursor.copy(_copy_sql(Session, session_columns)) as copy:
            for pk, game in zip(ids, batch, strict=True):
                copy.write_row((pk, *game.session, *default_values))
        with cursor.copy(_copy_sql(Seat, ["session_id", *SEAT_FIELDS])) as copy:
            for pk, game in zip(ids, batch, strict=True):
                for seat in game.seats:
                    copy.write_row((pk, *seat))
        with cursor.copy(_copy_sql(boxes, ["session_id", "box_id"])) as copy:
            for pk, game in zip(ids, batch, strict=True):
                for box in game.box_ids:
                    copy.write_row((pk, box))
        if any(game.task_ids for game in batch):
            with cursor.copy(_copy_sql(tasks, ["session_id", "scenariotask_id"])) as copy:
                for pk, game in zip(ids, batch, strict=True):
                    for task in game.task_ids:
                        copy.write_row((pk, task))


def _copy_sql(model, attnames: list[str]) -> str:
    quote = connection.ops.quote_name
    columns = {field.attname: field.column for field in model._meta.concrete_fields}
    names = ", ".join(quote(columns[attname]) for attname in attnames)
    return f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"


def _bulk_create_batch(batch: list[PlannedGame], defaults: dict) -> None:
    sessions = Session.objects.bulk_create(
        [
            Session(**dict(zip(SESSION_FIELDS, game.session, strict=True)), **defaults)
            for game in batch
        ],
        batch_size=2000,
    )
    boxes = Session.boxes.through
    tasks = Session.tasks_done.through
    seats, links, done = [], [], []
    for session, game in zip(sessions, batch, strict=True):
        seats.extend(
            Seat(session_id=session.pk, **dict(zip(SEAT_FIELDS, seat, strict=True)))
            for seat in game.seats
        )
        links.extend(boxes(session_id=session.pk, box_id=box) for box in game.box_ids)
        done.extend(tasks(session_id=session.pk, scenariotask_id=task) for task in game.task_ids)
    Seat.objects.bulk_create(seats, batch_size=2000)
    boxes.objects.bulk_create(links, batch_size=2000)
    tasks.objects.bulk_create(done, batch_size=2000)
