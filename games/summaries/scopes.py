"""The scopes a summary row counts games in, as SQL: all time and each season.

Shared by the rebuild (``rebuild_sql``) and the recomputation of best scores (``best``).
"""

from __future__ import annotations

import datetime

from django.db import connection

FAR_PAST = datetime.date(1, 1, 1)
FAR_FUTURE = datetime.date(9999, 12, 31)


def month_sql() -> str:
    if connection.vendor == "postgresql":
        return "CAST(date_trunc('month', s.played_on) AS date)"
    return "date(s.played_on, 'start of month')"


# A game counts in a scope (``sc``, from ``scopes_cte``) when approved and in its span.
APPROVED = (
    "s.status = 'approved' AND s.played_on >= sc.first_day "
    "AND s.played_on <= sc.last_day AND s.created_at < sc.closes"
)


def scopes_cte(scopes: list[tuple]) -> tuple[str, list]:
    """``WITH scopes (id, first_day, last_day, closes)`` of (id, first, last, closes or
    None) tuples, and its parameters."""
    ops = connection.ops
    values = ", ".join(["(%s, %s, %s, %s)"] * len(scopes))
    far = datetime.datetime(9999, 12, 31, tzinfo=datetime.UTC)
    params: list = []
    for scope, first, last, closes in scopes:
        params += [
            scope,
            ops.adapt_datefield_value(first),
            ops.adapt_datefield_value(last),
            ops.adapt_datetimefield_value(closes or far),
        ]
    cte = (
        "WITH scopes (id, first_day, last_day, closes) AS "
        f"(SELECT {_casts()} FROM (VALUES {values}) AS v) "
    )
    return cte, params


def _casts() -> str:
    # VALUES names its columns column1..column4 on both databases.
    if connection.vendor == "postgresql":
        return (
            "CAST(column1 AS integer), CAST(column2 AS date), CAST(column3 AS date), "
            "CAST(column4 AS timestamptz)"
        )
    return "column1, column2, column3, column4"
