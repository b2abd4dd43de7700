"""Lists kept built, and sorted and paged with SQL compiled once per process.

``prepared`` (``league.queries.prepared``) spares a fixed-shape query its compilation,
but a table's rows are sorted and paged per request by django-tables2, and each sort and
page was a new query, built and compiled on every cache miss. Here:

* ``preparable(name, build, **arguments)`` is ``build(**arguments)`` built once per
  process for those arguments (each call gets a copy; ``MAX_BUILT`` are kept), marked
  with where it came from;
* ``prepared_order(rows, *ordering)`` is ``rows.order_by(*ordering)`` and
  ``prepared_slice(rows, key)`` is ``rows[key]``; for marked rows not made into another
  queryset since (a filter, an annotation: ``_fingerprint``), the result is the same rows
  built with the same arguments, its SQL compiled once per process for that name, sort
  and slice (through ``prepared``, so a queryset made from it compiles as usual).
  ``league.pages.tables.LeagueTable`` pages its rows through ``prepared_slice``;
* ``prepared_step(rows, name, step, **arguments)`` is ``step(rows, **arguments)`` (a
  filter of a page's form), and for marked rows the result is marked too, as built from
  the source's and the step's arguments: a filtered history sorts and pages as cheaply;
* ``prepared_count(rows, limit)`` is ``rows[:limit].count()``, for marked rows one
  ``COUNT(*)`` over the kept SQL of their first ``limit`` ids.

For a short list of a dozen annotations (every investigator, herald or box with rates and
intervals), building and compiling cost more than reading; for a player's or a team's
games, a page of the table cost a build and a compilation of its own. ``build`` follows
``prepared``'s rules: one shape whatever its (whole number or text) arguments. Anything
else -- rows filtered after, a slice with a step -- is the plain queryset operation, so
callers need not know whether rows were marked.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet

from .prepared import prepared

MAX_BUILT = 256
_built: OrderedDict[tuple, QuerySet] = OrderedDict()


@dataclass(frozen=True)
class _Source:
    """Where marked rows came from: ``build(**arguments)``, sorted by ``ordering``."""

    name: str
    build: Callable[..., QuerySet]
    arguments: dict[str, Any]
    ordering: tuple | None  # None: as built
    fingerprint: tuple

    def label(self) -> str:
        if self.ordering is None:
            return self.name
        # An expression's identity names every argument (``nulls_last`` too); repr does not.
        sort = tuple(getattr(item, "identity", item) for item in self.ordering)
        return f"{self.name} by {sort!r}"

    def rows(self, arguments: dict[str, Any]) -> QuerySet:
        rows = _copy(self.name, self.build, arguments)
        return rows if self.ordering is None else rows.order_by(*self.ordering)


def _frozen(arguments: dict[str, Any]) -> tuple:
    return tuple(
        (name, tuple(value) if isinstance(value, list) else value)
        for name, value in sorted(arguments.items())
    )


def _fingerprint(queryset: QuerySet) -> tuple:
    """What a queryset made from another changes (a filter, an annotation, values, a
    slice, the rows' class), the order aside."""
    query = queryset.query
    return (
        len(query.where.children),
        tuple(query.annotations),
        repr(query.select_related),
        query.low_mark,
        query.high_mark,
        query.distinct,
        query.values_select,
        query.combinator,
        queryset._iterable_class,
    )


def _copy(name: str, build: Callable[..., QuerySet], arguments: dict[str, Any]) -> QuerySet:
    key = (name, _frozen(arguments))
    built = _built.get(key)
    if built is None:
        built = _built[key] = build(**arguments)
        if len(_built) > MAX_BUILT:
            _built.popitem(last=False)
    else:
        _built.move_to_end(key)
    return built.all()


def _marked(rows: QuerySet, source: _Source) -> QuerySet:
    rows.query.preparable = replace(source, fingerprint=_fingerprint(rows))
    return rows


def _source(rows: QuerySet) -> _Source | None:
    source = getattr(rows.query, "preparable", None)
    if source is None or source.fingerprint != _fingerprint(rows):
        return None
    return source


def preparable(name: str, build: Callable[..., QuerySet], **arguments) -> QuerySet:
    """``build(**arguments)``, built once per process for these arguments (a copy each
    call), marked for ``prepared_order`` and ``prepared_slice``."""
    return _marked(_copy(name, build, arguments), _Source(name, build, arguments, None, ()))


def prepared_order(rows: QuerySet, *ordering) -> QuerySet:
    """``rows.order_by(*ordering)``, its SQL compiled once per process for marked rows."""
    source = _source(rows)
    if source is None:
        return rows.order_by(*ordering)
    ordered = replace(source, ordering=ordering)
    result = prepared(ordered.label(), lambda **given: ordered.rows(given), **source.arguments)
    return _marked(result, ordered)


def prepared_slice(rows: QuerySet, key):
    """``rows[key]``; for marked rows and a slice from ``start`` to ``stop``, its SQL
    compiled once per process for that slice (each page of a table its own)."""
    source = _source(rows)
    if source is None or not isinstance(key, slice) or key.step is not None:
        return rows[key]
    start, stop = key.start or 0, key.stop
    if stop is None or start < 0 or stop < start:
        return rows[key]

    def sliced(**given) -> QuerySet:
        return source.rows(given)[start:stop]

    return prepared(f"{source.label()} [{start}:{stop}]", sliced, **source.arguments)


def prepared_step(
    rows: QuerySet, name: str, step: Callable[..., QuerySet], **arguments
) -> QuerySet:
    """``step(rows, **arguments)``; for marked rows not yet sorted, the result is marked
    as ``preparable`` would mark it, built from the source's and these arguments, so its
    sort, pages and count compile once per process. ``step`` is a function of its
    arguments alone (nothing of the request, no bound instance: a built result is kept
    for the next call with the same arguments) and ``name`` one shape of it: a step
    that branches on a value takes a name per branch."""
    source = _source(rows)
    if source is None or source.ordering is not None:
        return step(rows, **arguments)
    build = _Step(source.build, tuple(source.arguments), step, name, tuple(arguments))
    own = {f"{name}.{key}": value for key, value in arguments.items()}
    return preparable(f"{source.name} | {name}", build, **source.arguments, **own)


@dataclass(frozen=True)
class _Step:
    """``step`` after ``before``, as one build of the arguments of both (the step's
    under its name); a value of module-level functions, so marked rows still pickle."""

    before: Callable[..., QuerySet]
    before_names: tuple[str, ...]
    step: Callable[..., QuerySet]
    name: str
    names: tuple[str, ...]

    def __call__(self, **given) -> QuerySet:
        rows = self.before(**{key: given[key] for key in self.before_names})
        return self.step(rows, **{key: given[f"{self.name}.{key}"] for key in self.names})


def prepared_count(rows: QuerySet, limit: int) -> int:
    """``rows[:limit].count()``: how many rows, counting no further than ``limit``. For
    marked rows, one ``COUNT(*)`` around the SQL of their first ``limit`` ids, compiled
    once per process (as Django counts a slice, without compiling it each time)."""
    source = _source(rows)
    if source is None:
        return rows[:limit].count()

    def ids(**given) -> QuerySet:
        return source.rows(given).order_by().values_list("pk", flat=True)[:limit]

    kept = prepared(f"{source.label()} ids [:{limit}]", ids, **source.arguments)
    try:
        sql, params = kept.query.get_compiler(using=kept.db).as_sql()
    except EmptyResultSet:  # a filter no row can pass, seen by the compiler
        return 0
    with connections[kept.db].cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM ({sql}) AS capped", params)
        return cursor.fetchone()[0]
