"""The scopes a summary row counts games in, as SQL: each league's all time, each season
(of its league), and the cross-league scope (0: the games of every public league).

Shared by the rebuild (``rebuild_sql``) and the recomputation of best scores (``best``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import connection

from league.models import League

from . import contribution as c

FAR_PAST = datetime.date(1, 1, 1)
FAR_FUTURE = datetime.date(9999, 12, 31)


def month_sql() -> str:
    if connection.vendor == "postgresql":
        return "CAST(date_trunc('month', s.played_on) AS date)"
    return "date(s.played_on, 'start of month')"


# A game counts in a scope (``sc``, from ``scopes_cte``) when approved, in its span, and
# of its league (a scope without a league: of a public league).
APPROVED = (
    "s.status = 'approved' AND s.played_on >= sc.first_day "
    "AND s.played_on <= sc.last_day AND s.created_at < sc.closes "
    "AND (s.league_id = sc.league OR (sc.league IS NULL AND s.league_id IN "
    "(SELECT pl.id FROM league_league pl WHERE pl.visibility = 'public')))"
)


def cross_league_scope() -> tuple:
    """The cross-league scope's row of ``scopes_cte``."""
    return (c.ALL_LEAGUES, None, FAR_PAST, FAR_FUTURE, None)


def league_scopes(league_ids: Iterable[int]) -> list[tuple]:
    """The rows of ``scopes_cte`` for these leagues' all-time scopes."""
    return [(c.league_scope(pk), pk, FAR_PAST, FAR_FUTURE, None) for pk in league_ids]


def all_time_scopes() -> list[tuple]:
    """Every league's all-time scope and the cross-league one, as ``scopes_cte`` rows."""
    leagues = League.objects.order_by("pk").values_list("pk", flat=True)
    return [*league_scopes(leagues), cross_league_scope()]


def scope_rows(scopes: Iterable[int], spans: Iterable[c.SeasonSpan]) -> list[tuple]:
    """The ``scopes_cte`` rows of these scope ids (a season not in ``spans`` is passed over)."""
    seasons = {span.id: span for span in spans}
    rows = []
    for scope in sorted(set(scopes)):
        if scope == c.ALL_LEAGUES:
            rows.append(cross_league_scope())
        elif scope < 0:
            rows += league_scopes([-scope])
        elif scope in seasons:
            rows += season_scopes([seasons[scope]])
    return rows


def season_scopes(spans: Iterable[c.SeasonSpan]) -> list[tuple]:
    return [(span.id, span.league_id, span.start, span.end, span.closes_at) for span in spans]


def scopes_cte(scopes: list[tuple]) -> tuple[str, list]:
    """``WITH scopes (id, league, first_day, last_day, closes)`` of (id, league or None,
    first, last, closes or None) tuples, and its parameters."""
    ops = connection.ops
    values = ", ".join(["(%s, %s, %s, %s, %s)"] * len(scopes))
    far = datetime.datetime(9999, 12, 31, tzinfo=datetime.UTC)
    params: list = []
    for scope, league, first, last, closes in scopes:
        params += [
            scope,
            league,
            ops.adapt_datefield_value(first),
            ops.adapt_datefield_value(last),
            ops.adapt_datetimefield_value(closes or far),
        ]
    cte = (
        "WITH scopes (id, league, first_day, last_day, closes) AS "
        f"(SELECT {_casts()} FROM (VALUES {values}) AS v) "
    )
    return cte, params


def _casts() -> str:
    # VALUES names its columns column1..column5 on both databases.
    if connection.vendor == "postgresql":
        return (
            "CAST(column1 AS integer), CAST(column2 AS bigint), CAST(column3 AS date), "
            "CAST(column4 AS date), CAST(column5 AS timestamptz)"
        )
    return "column1, column2, column3, column4, column5"
