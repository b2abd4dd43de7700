"""Recompute summary rows from the games, and compare stored rows with a recomputation."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import connection, transaction

from games.signals import league_changed
from league.models import League

from . import contribution as c
from . import rebuild_sql, store

# Tables whose key's second field is the scope (the others are scenario/series entries).
SCOPED = {
    name for name, table in store.TABLES.items() if len(table.keys) > 1 and table.keys[1] == "scope"
}


def summaries_rebuild(
    scopes: Iterable[int] | None = None, progress: Callable[[int, int], None] | None = None
) -> int:
    """Replace summary rows with ones recomputed from the games; returns rows written.

    With ``scopes`` only those scopes' rows are recomputed: a season's (it was added,
    moved or deleted), the cross-league scope's (``ALL_LEAGUES``: a league turned public
    or private) or a league's all time (``-league.pk``).
    ``progress(tables done, tables in all)`` is called after each table of a full rebuild.
    """
    tables = store.TABLES
    with transaction.atomic():
        spans = store.season_spans()
        if scopes is None:
            for table in tables.values():
                table.model.objects.all().delete()
            for done, name in enumerate(sorted(tables), start=1):
                rebuild_tables(spans=spans, all_time=True, tables={name})
                if progress is not None:
                    progress(done, len(tables))
        else:
            wanted = set(scopes)
            for name in SCOPED:
                tables[name].model.objects.filter(scope__in=wanted).delete()
            rebuild_tables(spans=spans, scopes=wanted, tables=SCOPED)
        league_changed.send(sender=summaries_rebuild)
        return sum(table.model.objects.count() for table in tables.values())


def _stored() -> dict[tuple, tuple]:
    rows = {}
    for name, table in store.TABLES.items():
        count = len(table.keys)
        for values in table.model.objects.values_list(*table.columns):
            rows[(name, values[:count])] = values[count:]
    return rows


def summaries_differences(limit: int = 20) -> list[str]:
    """Where the stored summary rows differ from a recomputation (empty when they agree).

    The recomputation runs inside a savepoint that is rolled back: nothing changes.
    """
    stored = _stored()
    with transaction.atomic():
        for table in store.TABLES.values():
            table.model.objects.all().delete()
        rebuild_tables(spans=store.season_spans(), all_time=True)
        fresh = _stored()
        transaction.set_rollback(True)
    problems = []
    for key in sorted(set(stored) | set(fresh), key=repr):
        if stored.get(key) != fresh.get(key):
            problems.append(f"{key}: stored {stored.get(key)}, recomputed {fresh.get(key)}")
            if len(problems) >= limit:
                break
    return problems


def rebuild_tables(
    *,
    spans: Iterable[c.SeasonSpan],
    all_time: bool = False,
    tables: Iterable[str] | None = None,
    scopes: Iterable[int] | None = None,
) -> None:
    """Insert freshly computed rows (the rows must be gone already) of ``scopes``, by default
    the seasons ``spans``; with ``all_time`` those of every league's all time, of the
    cross-league scope and of the tables without a scope (scenario and series entries) too."""
    spans = list(spans)
    scopes = [span.id for span in spans] if scopes is None else list(scopes)
    if all_time:
        scopes += [c.league_scope(pk) for pk in League.objects.values_list("pk", flat=True)]
        scopes.append(c.ALL_LEAGUES)
    wanted = set(store.TABLES if tables is None else tables)
    cte, params = rebuild_sql.scopes_cte(scopes, spans)
    grouped = rebuild_sql.statements().items() if cte else []
    statements = [(name, cte, select, params) for name, select in grouped]
    if all_time:
        entry_rows = rebuild_sql.entry_statements().items()
        statements += [(name, "", select, []) for name, select in entry_rows]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for name, cte, select, params in statements:
            if name in wanted:
                table = store.TABLES[name]
                columns = ", ".join(quote(col) for col in table.columns)
                cursor.execute(f"{cte}INSERT INTO {table.db_table} ({columns}) {select}", params)
