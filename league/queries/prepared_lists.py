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
  ``league.pages.tables.LeagueTable`` pages its rows through ``prepared_slice``.

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
