"""Best scores that may have gone down, recomputed in bulk: one grouped query per table.

A change that takes games away from a row (a rejection, a rescore that lowers scores) may
take its best score with them. Only rows whose stored best *is* the best taken away can
change, so those alone are recomputed, with one ``MAX(score) ... GROUP BY`` per table
restricted to the rows' key values: a rescore of 25,000 games at a million is a few grouped
scans of the games it touched, not a query per row nor a rebuild of whole tables.
"""

from __future__ import annotations

import datetime

from django.db import connection

from games.models import Session

from . import contribution as c
from . import rebuild_sql
from .updates import rows_update

# Past this many values a key column is not restricted (the query reads every game).
MAX_LISTED = 5000
# Each key column as the grouped query reads it: the game's (s), a seat's (t), a box in
# play's (b, the games' link table); the month is ``rebuild_sql.month_sql``.
KEY_SQL = {
    "player_id": "t.player_id",
    "investigator_id": "t.investigator_id",
    "box_id": "b.box_id",
    "team_id": "s.team_id",
    "ancient_one_id": "s.ancient_one_id",
    "investigator_count": "s.investigator_count",
    "herald_id": "s.herald_id",
    "scope": "sc.id",
}


def lowered_keys(changes: list[tuple[tuple, c.Change]]) -> dict[tuple, tuple[int, int | None]]:
    """Rows whose best score may have gone down, with the best taken away from each and
    the best the change added to it (None: it added none)."""
    return {
        key: (change.best_removed, change.best_added)
        for key, change in changes
        if change.best_removed is not None
        and (change.best_added is None or change.best_removed > change.best_added)
    }


def best_recompute(
    table, lowered: dict[tuple, tuple[int, int | None]], spans: list[c.SeasonSpan]
) -> None:
    """Recompute the best score of the ``lowered`` rows of ``table`` (a ``store.Table``)
    whose stored best is the one taken away; ``spans``: every season.

    A rescore moves games to a lower score, so a row's new best is usually at least the
    best the change added to it: the grouped query first reads only the games scoring at
    least the lowest such best (``floor``), and only the rows it finds nothing for are read
    again in full. At a million games that reads the top of each row, not all its games."""
    if not lowered:
        return
    firsts = {key[0] for key in lowered}
    stored = table.model.objects.filter(**{f"{table.keys[0]}__in": firsts}).values_list(
        *table.keys, "best_score"
    )
    stale = [
        key
        for *values, best in stored
        if (key := tuple(values)) in lowered and lowered[key][0] == best
    ]
    if not stale:
        return
    added = [lowered[key][1] for key in stale if lowered[key][1] is not None]
    floor = min(added) if added else None
    found = _bests(table, stale, spans, floor=floor)
    unseen = [key for key in stale if key not in found]
    if floor is not None and unseen:
        found.update(_bests(table, unseen, spans))
    adapt = connection.ops.adapt_datefield_value
    rows = [
        [*(adapt(v) if isinstance(v, datetime.date) else v for v in key), found.get(key)]
        for key in stale
    ]
    rows_update(
        table.db_table,
        table.keys,
        lambda values: [f"best_score = CAST({values[0]} AS INTEGER)"],
        rows,
    )


def _bests(
    table, keys: list[tuple], spans: list[c.SeasonSpan], *, floor: int | None = None
) -> dict[tuple, int]:
    """The best victory score of each of ``keys`` (absent: no victory left; with
    ``floor``, none scoring at least that)."""
    adapt = connection.ops.adapt_datefield_value
    columns = list(zip(table.keys, zip(*keys, strict=True), strict=True))
    cte, params = rebuild_sql.scopes_cte(dict(columns).get("scope", ()), spans)
    if not cte:
        return {}
    exprs = [rebuild_sql.month_sql() if name == "month" else KEY_SQL[name] for name in table.keys]
    where = ["s.outcome <> 'defeat'", "s.score IS NOT NULL"]
    if floor is not None:
        where.append("s.score >= %s")
        params.append(floor)
    for (name, values), expr in zip(columns, exprs, strict=True):
        distinct = sorted(set(values))
        if name == "month":
            following = (distinct[-1] + datetime.timedelta(days=32)).replace(day=1)
            where.append("s.played_on >= %s AND s.played_on < %s")
            params += [adapt(distinct[0]), adapt(following)]
        elif name != "scope" and connection.vendor == "postgresql":
            # One array, not a placeholder per value (``games.summaries.updates``).
            where.append(f"{expr} = ANY(%s::bigint[])")
            params.append(distinct)
        elif name != "scope" and len(distinct) <= MAX_LISTED:
            where.append(f"{expr} IN ({', '.join(['%s'] * len(distinct))})")
            params += distinct
    joins = ""
    if any(expr.startswith("t.") for expr in exprs):
        joins += "JOIN games_seat t ON t.session_id = s.id "
    if any(expr.startswith("b.") for expr in exprs):
        joins += f"JOIN {Session.boxes.through._meta.db_table} b ON b.session_id = s.id "
    grouped = ", ".join(exprs)
    sql = (
        f"{cte}SELECT {grouped}, MAX(s.score) FROM games_session s "
        f"JOIN scopes sc ON {rebuild_sql.APPROVED} {joins}"
        f"WHERE {' AND '.join(where)} GROUP BY {grouped}"
    )
    wanted = set(keys)
    months = [i for i, name in enumerate(table.keys) if name == "month"]
    found = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for *key, best in cursor.fetchall():
            for i in months:  # SQLite gives the month as text
                if isinstance(key[i], str):
                    key[i] = datetime.date.fromisoformat(key[i])
            if tuple(key) in wanted:
                found[tuple(key)] = best
    return found
