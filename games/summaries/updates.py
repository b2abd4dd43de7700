"""Many summary rows updated in one statement: ``UPDATE ... FROM (VALUES ...)``.

A rescore of thousands of games changes tens of thousands of rows: one statement per batch
of rows, not per row, keeps its upkeep in seconds. Both databases name a ``VALUES`` list's
columns ``column1``, ``column2``, ... and run ``UPDATE ... FROM`` (SQLite since 3.33).

On PostgreSQL the rows go as one array per column (``unnest(%s::bigint[], ...)``), not as
a placeholder per value: psycopg parses a statement's text for its placeholders on every
call, and tens of thousands of them made that parsing a fifth of a rescore's CPU.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Sequence

from django.db import connection


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
    values = [f"v.column{i}" for i in range(len(keys) + 1, len(rows[0]) + 1)]
    where = " AND ".join(
        f"{db_table}.{quote(key)} = v.column{i}" for i, key in enumerate(keys, start=1)
    )
    with connection.cursor() as cursor:
        for source, params in row_sources(rows):
            cursor.execute(
                f"UPDATE {db_table} SET {', '.join(sets(values))} FROM {source} WHERE {where}",
                params,
            )


def rows_delete(db_table: str, keys: Sequence[str], condition: str, rows: list[list]) -> None:
    """Delete the rows of ``db_table`` named by ``keys`` (a list of key values each) that
    meet ``condition`` (SQL): ``(keys) IN (SELECT v.column1, ... FROM <the rows>)``."""
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(key) for key in keys)
    names = ", ".join(f"v.column{i}" for i in range(1, len(keys) + 1))
    with connection.cursor() as cursor:
        for source, params in row_sources(rows):
            cursor.execute(
                f"DELETE FROM {db_table} WHERE {condition} AND ({columns}) IN "
                f"(SELECT {names} FROM {source})",
                params,
            )


def row_sources(rows: list[Sequence]) -> Iterator[tuple[str, list]]:
    """Where a statement reads ``rows`` as ``v.column1``, ``v.column2``, ...: on PostgreSQL
    ``unnest(%s::type[], ...) AS v(column1, ...)``, one array per column; on SQLite
    ``(VALUES ...) AS v`` in batches under its limit of bound parameters."""
    width = len(rows[0])
    if connection.vendor == "postgresql":
        columns = [list(column) for column in zip(*rows, strict=True)]
        kinds = [next((type(v) for v in column if v is not None), int) for column in columns]
        arrays = ", ".join(f"%s::{_ARRAY_TYPES.get(kind, 'bigint')}[]" for kind in kinds)
        names = ", ".join(f"column{i}" for i in range(1, width + 1))
        yield f"unnest({arrays}) AS v({names})", columns
        return
    placeholder = "(" + ", ".join(["%s"] * width) + ")"
    batch = max(1, connection.features.max_query_params // width)
    for start in range(0, len(rows), batch):
        part = rows[start : start + batch]
        values = ", ".join([placeholder] * len(part))
        yield f"(VALUES {values}) AS v", [value for row in part for value in row]


# PostgreSQL array types of the values summary rows hold, by Python type.
_ARRAY_TYPES = {bool: "boolean", int: "bigint", datetime.date: "date", str: "text"}
