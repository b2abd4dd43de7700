"""Many summary rows updated in one statement: ``UPDATE ... FROM (VALUES ...)``.

A rescore of thousands of games changes tens of thousands of rows; one statement per
batch of rows (instead of one per row) is what keeps its upkeep in seconds. Both
databases name a ``VALUES`` list's columns ``column1``, ``column2``, ... and both run
``UPDATE ... FROM`` (SQLite since 3.33).

On PostgreSQL the rows go as one array per column (``unnest(%s::bigint[], ...)``), not as
a placeholder per value: psycopg parses a statement's text for its placeholders on every
call, and tens of thousands of them made that parsing a fifth of a rescore's CPU.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence

from django.db import connection

# Bound parameters per statement: SQLite's limit as Django states it; PostgreSQL's is 65,535.
POSTGRES_PARAMETERS = 30_000


def parameters_per_statement() -> int:
    return connection.features.max_query_params or POSTGRES_PARAMETERS


def rows_update(
    db_table: str,
    keys: Sequence[str],
    sets: Callable[[list[str]], list[str]],
    rows: list[list],
) -> None:
    """Update the rows of ``db_table`` named by ``keys``; each row of ``rows`` is its key
    values, then its own values. ``sets(value columns)`` gives the SET clauses, reading the
    values as ``v.columnN`` (the names it is handed) and the row as it stands through the
    table's quoted name."""
    if not rows:
        return
    quote = connection.ops.quote_name
    width = len(rows[0])
    values = [f"v.column{i}" for i in range(len(keys) + 1, width + 1)]
    where = " AND ".join(
        f"{db_table}.{quote(key)} = v.column{i}" for i, key in enumerate(keys, start=1)
    )
    if connection.vendor == "postgresql":
        source, params = columns_source(rows)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {db_table} SET {', '.join(sets(values))} FROM {source} WHERE {where}",
                params,
            )
        return
    placeholder = "(" + ", ".join(["%s"] * width) + ")"
    batch = max(1, parameters_per_statement() // width)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch):
            part = rows[start : start + batch]
            cursor.execute(
                f"UPDATE {db_table} SET {', '.join(sets(values))} "
                f"FROM (VALUES {', '.join([placeholder] * len(part))}) AS v WHERE {where}",
                [value for row in part for value in row],
            )


# PostgreSQL array types of the values summary rows hold, by Python type.
_ARRAY_TYPES = {bool: "boolean", int: "bigint", datetime.date: "date", str: "text"}


def columns_source(rows: list[Sequence]) -> tuple[str, list[list]]:
    """``unnest(%s::type[], ...) AS v(column1, ...)`` and its parameters, one array per
    column of ``rows`` (PostgreSQL): the same ``v.columnN`` a ``VALUES`` list names."""
    columns = [list(column) for column in zip(*rows, strict=True)]
    types = []
    for column in columns:
        kind = next((type(value) for value in column if value is not None), int)
        types.append(_ARRAY_TYPES.get(kind, "bigint"))
    arrays = ", ".join(f"%s::{kind}[]" for kind in types)
    names = ", ".join(f"column{i}" for i in range(1, len(columns) + 1))
    return f"unnest({arrays}) AS v({names})", columns


def rows_delete(db_table: str, keys: Sequence[str], condition: str, rows: list[list]) -> None:
    """Delete the rows of ``db_table`` named by ``keys`` (a list of key values each) that
    meet ``condition`` (SQL), a batch of keys per statement: ``(keys) IN (VALUES ...)``."""
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(key) for key in keys)
    if connection.vendor == "postgresql":
        source, params = columns_source(rows)
        names = ", ".join(f"v.column{i}" for i in range(1, len(keys) + 1))
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {db_table} WHERE {condition} AND ({columns}) IN "
                f"(SELECT {names} FROM {source})",
                params,
            )
        return
    placeholder = "(" + ", ".join(["%s"] * len(keys)) + ")"
    batch = max(1, parameters_per_statement() // len(keys))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch):
            part = rows[start : start + batch]
            cursor.execute(
                f"DELETE FROM {db_table} WHERE {condition} AND ({columns}) IN "
                f"(VALUES {', '.join([placeholder] * len(part))})",
                [value for row in part for value in row],
            )
