"""Queries compiled once per process: on a page's cache miss, Django turning a queryset
into SQL cost more than running it (0.4-2.6 ms a query against 0.3-1.5 ms for the rest:
the database's answer, the rows, the objects).

``prepared(name, build, **arguments)`` returns ``build(**arguments)`` -- an ordinary
queryset -- whose SQL comes from a compilation of the same ``build`` kept per process and
database. The first call for a name compiles ``build`` with marker arguments (numbers and
texts no real argument takes) and notes where each marker lands among the SQL's
parameters; every later call puts the real arguments in those places, and the compiler's
other results (the columns read, how rows become objects) are the ones kept. So a
``build`` must be one fixed shape, whatever its arguments: filters, joins and order
independent of the values (an argument that picked a branch would need its own name),
and every other value in it a constant -- nothing read from the clock, the request or
the database, which the kept compilation would keep.

What keeps this correct:

* the kept SQL is used only if every marker was found among the parameters, none inside
  the SQL text (a value Django writes inline, as a slice's bounds) and none altered on the
  way (a ``LIKE`` pattern, a date adapted to text): otherwise the name is marked as not
  preparable and every call compiles as before;
* it is used only for the very queryset returned: a queryset made from it (``filter``,
  a slice, ``values``, ``get``) has a new query and compiles as usual;
* arguments are whole numbers (compared with a small integer column, such as a score,
  they get markers within its range) or texts, and a list of them is a shape of its length
  (``ids=[...]``, one kept compilation per length, at most ``MAX_KEPT`` in all).

``tests/test_prepared_queries.py`` checks each prepared query against the same query
compiled as usual, for several arguments, on both databases.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import QuerySet
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    NamedValuesListIterable,
    ValuesIterable,
    ValuesListIterable,
)
from django.db.models.sql import Query

MAX_KEPT = 512
_NOT_PREPARABLE = object()
# Far above any id or scope of a league, in range of an integer column (Django finds no
# rows for an out-of-range value and would compile nothing) ...
_MARK_NUMBER = 1_987_654_000
# ... and, for a shape that compares an argument with a small integer column (a score, a
# number of investigators), markers within that column's range, far above any such value.
_MARK_SMALL = 32_000
_MARK_TEXT = "\x1fprepared-query-mark-"
# What a compiler holds after ``as_sql`` and reads while it turns rows into results.
_STATE = ("select", "klass_info", "annotation_col_map", "col_count", "has_extra_select")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    slots: tuple[tuple[int, tuple], ...]  # (parameter index, path to the argument)
    state: dict[str, Any]
    first: int  # the first number marker (``_MARK_NUMBER`` or ``_MARK_SMALL``)


_kept: OrderedDict[tuple, Any] = OrderedDict()
_PLAIN_ITERABLES = (
    ModelIterable,
    ValuesIterable,
    ValuesListIterable,
    FlatValuesListIterable,
    NamedValuesListIterable,
)


class _PreparedQuery(Query):
    """A query whose compiler is handed the kept SQL and state (only for itself: a clone
    copies ``_prepared``, but its weak reference names the original)."""

    def get_compiler(self, using=None, connection=None, elide_empty=True):
        compiler = super().get_compiler(using, connection, elide_empty)
        compiled, params, owner = self.__dict__.get("_prepared", (None, None, None))
        if compiled is None or owner() is not self:
            return compiler
        for name, value in compiled.state.items():
            setattr(compiler, name, value)
        compiler.as_sql = lambda *args, **kwargs: (compiled.sql, params)
        return compiler

    def __getstate__(self):
        # A pickled query (a queryset kept in a cache) is an ordinary one: it compiles.
        state = self.__dict__.copy()
        state.pop("_prepared", None)
        return state


def _marks(
    arguments: dict[str, Any], first: int = _MARK_NUMBER
) -> tuple[dict[str, Any], dict[Any, tuple]]:
    """Marker arguments of the same shape, and where each marker stands."""
    where: dict[Any, tuple] = {}

    def mark(value, path: tuple):
        if isinstance(value, (list, tuple)):
            return [mark(item, (*path, index)) for index, item in enumerate(value)]
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(f"prepared() takes whole numbers and texts, not {value!r}")
        number = len(where)
        marker = first + number if isinstance(value, int) else f"{_MARK_TEXT}{number}"
        where[marker] = path
        return marker

    marked = {name: mark(value, (name,)) for name, value in arguments.items()}
    return marked, where


def _shape(arguments: dict[str, Any]) -> tuple:
    return tuple(
        (name, len(value) if isinstance(value, (list, tuple)) else type(value).__name__)
        for name, value in sorted(arguments.items())
    )


def _compile(build: Callable[..., QuerySet], arguments: dict[str, Any], using: str):
    # The large markers first; where one is out of a small integer column's range
    # (a score, a number of investigators), Django drops the comparison or the whole
    # query, and the small markers are tried.
    for first in (_MARK_NUMBER, _MARK_SMALL):
        marked, where = _marks(arguments, first)
        compiler = build(**marked).query.get_compiler(using=using)
        try:
            sql, params = compiler.as_sql()
        except EmptyResultSet:
            continue
        slots, seen = [], set()
        for index, param in enumerate(params):
            if isinstance(param, (int, str)) and not isinstance(param, bool) and param in where:
                slots.append((index, where[param]))
                seen.add(param)
        inline = any(str(marker) in sql for marker in where)
        if len(seen) == len(where) and not inline:
            state = {name: getattr(compiler, name) for name in _STATE}
            return _Compiled(sql, tuple(params), tuple(slots), state, first)
    return _NOT_PREPARABLE  # compiled per call, as before


def _keep(key: tuple, entry) -> None:
    _kept[key] = entry
    if len(_kept) > MAX_KEPT:
        _kept.popitem(last=False)


def _value(arguments: dict[str, Any], path: tuple):
    value = arguments[path[0]]
    for index in path[1:]:
        value = value[index]
    return value


def _with_arguments(queryset: QuerySet, compiled: _Compiled, arguments: dict[str, Any]):
    params = list(compiled.params)
    for index, path in compiled.slots:
        value = _value(arguments, path)
        kind = type(params[index])
        # A driver's typed integer (psycopg's ``Int2`` for a small integer column) stays
        # that type, so the database reads the argument as it would have.
        params[index] = kind(value) if kind is not int and kind is not str else value
    query = queryset.query
    query.__class__ = _PreparedQuery
    query._prepared = (compiled, tuple(params), weakref.ref(query))
    return queryset


def _reads_rows_only(queryset: QuerySet) -> bool:
    """Whether reading ``queryset`` depends on its SQL's results alone: no prefetch (its
    own queries would be built from the arguments) and an iterable that says so."""
    iterable = queryset._iterable_class
    return not queryset._prefetch_related_lookups and (
        iterable in _PLAIN_ITERABLES or getattr(iterable, "reads_rows_only", False)
    )


def prepared_rows(name: str, build: Callable[..., QuerySet], **arguments) -> list:
    """``list(prepared(name, build, **arguments))``, and from the second call on without
    building the queryset either: with a kept compilation, a copy of the queryset built
    from the markers carries the real arguments (building a queryset of filters and
    aggregates cost as much as compiling it). Only rows come out, so nothing can be made
    from a queryset whose own filters hold the markers; a queryset that reads more than
    its rows (a prefetch, an iterable of its own) is built every time."""
    key = ("rows", name, _shape(arguments))
    kept = _kept.get(key)
    if kept is None:
        queryset = prepared(name, build, **arguments)
        if isinstance(queryset.query, _PreparedQuery) and _reads_rows_only(queryset):
            compiled = queryset.query._prepared[0]
            marked, _ = _marks(arguments, compiled.first)
            _keep(key, (compiled, build(**marked)))
        else:
            _keep(key, _NOT_PREPARABLE)
        return list(queryset)
    if kept is _NOT_PREPARABLE:
        return list(prepared(name, build, **arguments))
    compiled, marked = kept
    return list(_with_arguments(marked._chain(), compiled, arguments))


def prepared(name: str, build: Callable[..., QuerySet], **arguments) -> QuerySet:
    """``build(**arguments)``, its SQL compiled once per process for ``name`` (see the
    module's docstring for what ``build`` may do)."""
    queryset = build(**arguments)
    using = queryset.db
    key = (name, using, _shape(arguments))
    compiled = _kept.get(key)
    if compiled is None:
        compiled = _compile(build, arguments, using)
        _keep(key, compiled)
    if compiled is _NOT_PREPARABLE or type(queryset.query) is not Query:
        return queryset
    return _with_arguments(queryset, compiled, arguments)
