"""Best scores that may have gone down, recomputed in bulk: one grouped query per table.

A change that takes games away from a row (a rejection, a rescore that lowers scores)
may take its best score with them. Only rows whose stored best *is* the best taken away
can change (a row whose best is higher kept the game that set it), so those rows alone
are recomputed, with one ``MAX(score) ... GROUP BY`` per table over the games that could
be in them: restricted to the rows' players, teams, investigators, Ancient Ones, table
sizes, heralds, boxes, months and scopes. A rescore of 25,000 games at a million is then a
few grouped scans of the games it touched, not a query per row nor a rebuild of whole
tables.
"""

from __future__ import annotations

import datetime

from django.db import connection

from games.models import Session

from . import contribution as c
from .rebuild_sql import APPROVED, month_sql, scopes_cte
from .updates import rows_update

# Past this many values a key column is not restricted (the query reads every game).
MAX_LISTED = 5000
# Key columns that are a seat's, not the game's.
SEAT_KEYS = {"player_id": "t.player_id", "investigator_id": "t.investigator_id"}
GAME_KEYS = {
    "team_id": "s.team_id",
    "ancient_one_id": "s.ancient_one_id",
    "investigator_count": "s.investigator_count",
    "herald_id": "s.herald_id",
    "scope": "sc.id",
}
# Key columns of the boxes in play (the games' link table, joined as ``b``).
BOX_KEYS = {"box_id": "b.box_id"}


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
    """Recompute the best score of the ``lowered`` rows (key: best taken away, best added)
    whose stored best is the one taken away; the others keep theirs. ``table`` is a
    ``store.Table``; ``spans`` every season.

    A rescore moves games to a lower score rather than taking them away, so a row's new
    best is usually at least the best the change added to it. The grouped query first
    reads only games scoring at least the lowest such best (``floor``): a row that has a
    game there has found its best, exactly; only the rows that have none are read again
    in full. At a million games this reads the top of each row instead of every game of
    each player whose best moved."""
    if not lowered:
        return
    first = table.keys[0]
    firsts = {key[0] for key in lowered}
    stored = table.model.objects.filter(**{f"{first}__in": firsts}).values_list(
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
    if floor is not None:
        unseen = [key for key in stale if key not in found]
        if unseen:
            found.update(_bests(table, unseen, spans))
    quote = connection.ops.quote_name
    rows_update(
        quote(table.model._meta.db_table),
        table.keys,
        lambda values: [f"best_score = CAST({values[0]} AS INTEGER)"],
        [[*_params(table, key), found.get(key)] for key in stale],
    )


def _params(table, key: tuple) -> list:
    ops = connection.ops
    return [
        ops.adapt_datefield_value(value) if name == "month" else value
        for name, value in zip(table.keys, key, strict=True)
    ]


def _bests(
    table, keys: list[tuple], season_spans: list[c.SeasonSpan], *, floor: int | None = None
) -> dict[tuple, int]:
    """The best victory score of each of ``keys`` (absent: no victory left; with
    ``floor``, none scoring at least that)."""
    ops = connection.ops
    columns = list(zip(table.keys, zip(*keys, strict=True), strict=True))
    scopes_wanted = {value for name, values in columns if name == "scope" for value in values}
    cte, params = scopes_cte(scopes_wanted, season_spans)
    if not cte:
        return {}
    month = month_sql()
    exprs, where = [], ["s.outcome <> 'defeat'", "s.score IS NOT NULL"]
    if floor is not None:
        where.append("s.score >= %s")
        params.append(floor)
    for name, values in columns:
        if name == "month":
            exprs.append(month)
            last = max(values)
            following = (last + datetime.timedelta(days=32)).replace(day=1)
            where.append("s.played_on >= %s AND s.played_on < %s")
            params += [ops.adapt_datefield_value(min(values)), ops.adapt_datefield_value(following)]
            continue
        expr = SEAT_KEYS.get(name) or BOX_KEYS.get(name) or GAME_KEYS[name]
        exprs.append(expr)
        distinct = sorted(set(values))
        if name != "scope" and connection.vendor == "postgresql":
            # One array, not a placeholder per value (``games.summaries.updates``).
            where.append(f"{expr} = ANY(%s::bigint[])")
            params.append(distinct)
        elif name != "scope" and len(distinct) <= MAX_LISTED:
            where.append(f"{expr} IN ({', '.join(['%s'] * len(distinct))})")
            params += distinct
    joins = ""
    if set(table.keys) & set(SEAT_KEYS):
        joins += "JOIN games_seat t ON t.session_id = s.id "
    if set(table.keys) & set(BOX_KEYS):
        joins += f"JOIN {Session.boxes.through._meta.db_table} b ON b.session_id = s.id "
    grouped = ", ".join(exprs)
    sql = (
        f"{cte}SELECT {grouped}, MAX(s.score) FROM games_session s "
        f"JOIN scopes sc ON {APPROVED} {joins}"
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
