"""New rows written in bulk, with their history: by COPY on PostgreSQL.

``bulk_create`` compiles a parameter per field per row, and psycopg then scans the
statement for its tens of thousands of placeholders: for an import most of the time of a
batch's insert was spent building the statement, not running it. On PostgreSQL the rows
are streamed with ``COPY ... FROM STDIN`` instead (psycopg formats each row in C), with
ids taken from the table's sequence beforehand so the caller gets them as
``bulk_create`` gives them. Elsewhere (SQLite) it is ``bulk_create`` as before.

The values are what ``bulk_create`` would send: each field's ``pre_save`` value, as the
driver adapts it, for the plain Django field types; any other field goes through its own
``get_db_prep_save``. History rows hold what ``bulk_create_with_history`` writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter

from django.db import connection
from django.db.models import NOT_PROVIDED, Model
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

# Types whose Python value is what the driver needs (their get_db_prep_save only checks it).
PLAIN_TYPES = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "BigIntegerField",
        "BooleanField",
        "CharField",
        "DateField",
        "DateTimeField",
        "ForeignKey",
        "IntegerField",
        "PositiveBigIntegerField",
        "PositiveIntegerField",
        "PositiveSmallIntegerField",
        "SlugField",
        "SmallAutoField",
        "SmallIntegerField",
        "TextField",
    }
)


def copy_works() -> bool:
    return connection.vendor == "postgresql"


def rows_copy(db_table: str, columns: Sequence[str], rows: Iterable[Sequence]) -> None:
    """Stream ``rows`` (values in ``columns``' order) into ``db_table`` (PostgreSQL)."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in columns)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {quote(db_table)} ({names}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def models_create(model: type[Model], objs: list[Model], *, history_user=None) -> list[Model]:
    """``bulk_create_with_history(objs, model, default_user=history_user)`` for a model
    that keeps a history: the rows get their ids, their history rows are written too.
    Copied rows are not marked as saved (Django keeps that mark private): they are for
    reading, fetch them again to save or validate them."""
    if not objs:
        return objs
    if not copy_works() or not _copyable(model):
        return bulk_create_with_history(objs, model, default_user=history_user)
    opts = model._meta
    for obj, pk in zip(objs, _ids(opts.db_table, opts.pk.column, len(objs)), strict=True):
        obj.pk = pk
    fields = [field for field in opts.concrete_fields if not field.generated]
    values = [_value(field) for field in fields]
    rows_copy(
        opts.db_table, [field.column for field in fields], ([v(o) for v in values] for o in objs)
    )
    _history_create(model.history.model, objs, history_user)
    return objs


def links_create(through: type[Model], rows: list[tuple], columns: Sequence[str]) -> None:
    """Rows of a many-to-many table (no history, no ids wanted): ``columns`` are the
    fields' attnames, in ``rows``' order."""
    if not rows:
        return
    if copy_works():
        opts = through._meta
        rows_copy(opts.db_table, [opts.get_field(c).column for c in columns], rows)
    else:
        links = [through(**dict(zip(columns, row, strict=True))) for row in rows]
        through.objects.bulk_create(links)


def _history_create(history_model: type[Model], objs: list[Model], user) -> None:
    """What ``bulk_history_create`` writes: each row as created ("+"), now, by ``user``
    (or the history's default user), with no reason given."""
    user = user or history_model.get_default_history_user(objs[0])
    fixed = {
        "history_date": timezone.now(),
        "history_change_reason": None,
        "history_type": "+",
        "history_user_id": user.pk if user is not None else None,
    }
    hopts = history_model._meta
    columns: list[str] = []
    values: list[Callable] = []
    for field in history_model.tracked_fields:
        columns.append(hopts.get_field(field.name).column)
        values.append(_value(field, saving=False))
    columns += [hopts.get_field(name.removesuffix("_id")).column for name in fixed]
    tail = list(fixed.values())
    rows_copy(hopts.db_table, columns, ([v(o) for v in values] + tail for o in objs))


def _copyable(model: type[Model]) -> bool:
    """Whether every value can be computed here (a database default cannot)."""
    return all(field.db_default is NOT_PROVIDED for field in model._meta.concrete_fields)


def _value(field, *, saving: bool = True) -> Callable[[Model], object]:
    """How to get the value ``bulk_create`` would send for ``field`` from an object."""
    if saving and (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)):
        return lambda obj: field.pre_save(obj, add=True)
    plain = field.get_internal_type() in PLAIN_TYPES and type(field).__module__.startswith(
        "django.db.models"
    )
    if plain:
        return attrgetter(field.attname)
    return lambda obj: field.get_db_prep_save(getattr(obj, field.attname), connection)


def _ids(db_table: str, column: str, count: int) -> list[int]:
    """``count`` new ids from the table's sequence (its identity column's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [connection.ops.quote_name(db_table), column, count],
        )
        return [row[0] for row in cursor.fetchall()]
