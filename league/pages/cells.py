"""A league table's rows rendered once per column plan, not once per cell through
django-tables2's machinery (``league.pages.tables.LeagueTable.body_html`` uses it).

django-tables2 renders each cell by resolving its accessor with exceptions as the normal
path, asking ``inspect.signature`` which arguments the column's ``render`` takes
(``call_with_appropriate``), computing the column's ``<td>`` attributes again, compiling
a ``DateColumn``'s template, and calling ``get_absolute_url()`` -- one ``reverse()`` --
per link. Profiled on a leaderboard miss, that was most of the page. Here each column is
planned once per table:

* the value: the accessor's steps as plain attribute lookups (a field with choices shows
  its label, as django-tables2 does), then the column's default for an empty value;
* the content: the column's (or the table's ``render_<name>``) method with the
  arguments its signature asks for, read once; dates formatted by the ``date`` filter
  directly; plain values as they are;
* the link: ``linkify=True`` or ``linkify=LinkTo(path)`` (``tables.link_to``), addressed
  by ``Links`` from the object's slug or id and the address of its kind, reversed once
  per table;
* the cell: ``<td {attrs} data-label="{header}">`` written once per column, the content
  passed through ``render_value_in_context`` as the template's ``{{ cell }}`` did.

A column this plan does not know (callable attributes, a template column, a link with
its own attributes) keeps django-tables2's own per-cell path, so it still renders right.
"""

from __future__ import annotations

import datetime
import html
import inspect
from collections.abc import Callable
from functools import lru_cache
from typing import Any
from urllib.parse import quote

import django_tables2 as tables
from django.conf import settings
from django.db import models
from django.template.base import render_value_in_context
from django.template.defaultfilters import date as date_filter
from django.urls import get_script_prefix, get_urlconf
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django_tables2.columns.base import LinkTransform

from league.pages.date_labels import dated as date_label
from league.pages.date_labels import moment as date_moment

# A value no slug or id of the league takes, to find where one goes in an address.
_MARK_ID = 987654321
_MARK_SLUG = "slug-mark-of-links"
# What reverse() leaves unquoted in a path (django.urls.resolvers).
_PATH_SAFE = "!$&'()*+,;=/~:@"
_CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")


class LinkTo:
    """``linkify=link_to("player")``: the cell links to ``record.player`` (``link_to()``:
    the record itself). A callable, so django-tables2 links the same way where it renders;
    ``LeagueTable`` builds the address from the object's slug or id instead."""

    def __init__(self, path: str = "") -> None:
        self.path = path
        self.steps = tuple(step for step in path.replace("__", ".").split(".") if step)

    def target(self, record):
        for step in self.steps:
            if record is None:
                return None
            record = getattr(record, step)
        return record

    def __call__(self, record):
        target = self.target(record)
        return None if target is None else target.get_absolute_url()


class Links:
    """Addresses of model objects without a ``reverse()`` each: for each kind of object,
    its ``get_absolute_url()`` is asked once of a stand-in whose slug and id are marks,
    and every later address is the part before the mark, the object's slug or id
    (quoted as ``reverse()`` quotes it), and the part after. A kind whose address holds
    neither mark (or both) is asked per object, as before."""

    def __init__(self) -> None:
        self.shapes: dict[type, tuple[str, str, str] | None] = {}
        self.where = (get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF)

    def shape(self, kind: type) -> tuple[str, str, str] | None:
        if kind not in self.shapes:
            # A light stand-in (``TablePlayer``) is addressed as the model it stands for.
            model = getattr(kind, "address_model", kind)
            self.shapes[kind] = _address_shape(model, self.where)
        return self.shapes[kind]

    def url(self, target) -> str | None:
        if target is None:
            return None
        shape = self.shape(type(target))
        if shape is None:
            return target.get_absolute_url()
        before, attribute, after = shape
        return f"{before}{quote(str(getattr(target, attribute)), safe=_PATH_SAFE)}{after}"

    def of_slug(self, kind: type, slug: str) -> str:
        """The address of the ``kind`` object with this slug, when a row holds only the
        slug (a ``values()`` row) and no object."""
        shape = self.shape(kind)
        if shape is None or shape[1] != "slug":
            return kind(slug=slug).get_absolute_url()
        before, _, after = shape
        return f"{before}{quote(str(slug), safe=_PATH_SAFE)}{after}"


@lru_cache(maxsize=256)
def _address_shape(kind: type, where: tuple) -> tuple[str, str, str] | None:
    """(before, attribute, after) of ``kind``'s addresses, or None when not from one field."""
    if not (isinstance(kind, type) and issubclass(kind, models.Model)):
        return None
    stand_in = kind.__new__(kind)
    stand_in.__dict__.update({"pk": _MARK_ID, "id": _MARK_ID, "slug": _MARK_SLUG})
    stand_in.__dict__[kind._meta.pk.attname] = _MARK_ID
    try:
        address = stand_in.get_absolute_url()
    except Exception:  # an address from other fields: ask each object
        return None
    found = [
        (attribute, mark)
        for attribute, mark in (("pk", str(_MARK_ID)), ("slug", _MARK_SLUG))
        if address.count(mark) == 1
    ]
    if len(found) != 1:
        return None
    attribute, mark = found[0]
    before, after = address.split(mark)
    return before, attribute, after


@lru_cache(maxsize=512)
def _arguments(function) -> tuple[str, ...] | None:
    """The cell arguments ``function`` takes (all of them when it takes ``**kwargs``)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return _CELL_ARGUMENTS
    names = {p.name for p in parameters}
    return tuple(name for name in _CELL_ARGUMENTS if name in names)


def _static(attrs) -> bool:
    return not any(callable(value) for value in (attrs or {}).values())


class ColumnPlan:
    """How one bound column turns a record into its ``<td>``; ``slow`` when only
    django-tables2's own path renders it right."""

    def __init__(self, table, bound_column, links: Links) -> None:
        column = bound_column.column
        self.name = bound_column.name
        self.links = links
        attrs = {**dict(table.attrs), **dict(column.attrs)}
        # Attributes computed from each record: the <td> is asked of the column per cell.
        self.dynamic = not all(_static(attrs.get(key)) for key in ("td", "cell", "a"))
        self.slow = self.dynamic or isinstance(column, tables.ManyToManyColumn)
        self.bound_column = bound_column
        self.accessor = bound_column.accessor
        self.open = mark_safe(
            f"<td {bound_column.attrs['td'].as_html()} "
            f'data-label="{conditional_escape(bound_column.header)}">'
        )
        self.steps = tuple(s for s in str(bound_column.accessor).replace("__", ".").split(".") if s)
        self.empty_values = column.empty_values
        self.default = bound_column.default
        self.displays: dict[type, bool] = {}
        self.plain = False
        self.content = self._content(table, bound_column)
        self.link = self._link(bound_column) if column.link else None

    def _content(self, table, bound_column) -> Callable[..., Any] | None:
        """``(value, record) -> content``; None: the value is the content."""
        column = bound_column.column
        render = bound_column.render
        if isinstance(column, (tables.DateColumn, tables.DateTimeColumn)) and not hasattr(
            table, f"render_{self.name}"
        ):
            code = column.template_code
            if code.startswith('{{ value|date:"') and code.endswith('"|default:default }}'):
                form = code[len('{{ value|date:"') : -len('"|default:default }}')]
                default = self.default

                def dated(value, record):
                    if type(value) is datetime.date:  # a day: formatted once per process
                        return conditional_escape(date_label(value, form))
                    if type(value) is datetime.datetime:
                        return conditional_escape(date_moment(value, form) or default)
                    return conditional_escape(
                        date_filter(template_localtime(value), form) or default
                    )

                return dated
            self.slow = True
            return None
        if isinstance(column, tables.TemplateColumn):
            self.slow = True
            return None
        function = getattr(render, "__func__", render)
        if function is tables.Column.render:
            return None
        wanted = _arguments(function)
        if wanted is None:
            self.slow = True
            return None
        fixed = {"column": column, "bound_column": bound_column, "table": table}
        if "bound_row" in wanted:
            self.slow = True
            return None

        def rendered(value, record):
            given = {"value": value, "record": record, **fixed}
            return render(**{name: given[name] for name in wanted})

        return rendered

    def _link(self, bound_column) -> Callable[[Any, Any], Any] | None:
        link = bound_column.column.link
        if not isinstance(link, LinkTransform) or link.reverse_args:
            self.slow = True
            return None
        if isinstance(link.url, LinkTo):
            return lambda value, record: link.url.target(record)
        if link.url is not None:
            self.slow = True
            return None
        steps = tuple(
            s for s in str(link.accessor or bound_column.name).replace("__", ".").split(".") if s
        )

        def target(value, record):
            context = record
            for step in steps:
                context = getattr(context, step, None)
            return context if hasattr(context, "get_absolute_url") else record

        return target

    def value(self, record):
        """The cell's value as django-tables2 reads it (a choice's label, not its key)."""
        try:
            return self._value(record)
        except (AttributeError, TypeError, KeyError):  # a dict, a list: its own resolution
            return self.accessor.resolve(record, quiet=True)

    def _value(self, record):
        if self.plain:
            return getattr(record, self.steps[0])
        current = record
        for step in self.steps[:-1]:
            current = getattr(current, step)
            if current is None:
                return None
        last = self.steps[-1] if self.steps else None
        if last is None:
            return current
        if isinstance(current, models.Model):
            kind = type(current)
            if kind not in self.displays:
                self.displays[kind] = _shows_label(kind, last)
                # One step to a field without choices, a value never called: a lookup.
                self.plain = (
                    len(self.steps) == 1
                    and len(self.displays) == 1
                    and not self.displays[kind]
                    and not callable(getattr(current, last, None))
                )
            if self.displays[kind]:
                return getattr(current, f"get_{last}_display")()
        value = getattr(current, last)
        if callable(value) and not getattr(value, "do_not_call_in_templates", False):
            value = value()
        return value

    def cell(self, row, context) -> str:
        if self.slow:
            content = row.get_cell(self.name)
            opening = self.open
            if self.dynamic:
                bound = self.bound_column
                bound.current_value, bound.current_record = content, row.record
                label = conditional_escape(bound.header)
                opening = f'<td {bound.attrs["td"].as_html()} data-label="{label}">'
            return f"{opening}{render_value_in_context(content, context)}</td>"
        record = row.record
        value = self.value(record)
        if value in self.empty_values:
            return f"{self.open}{as_text(self.default, context)}</td>"
        content = value if self.content is None else self.content(value, record)
        if self.link is not None:
            address = self.links.url(self.link(value, record))
            if address is not None:
                text = as_text(content, None)
                return f'{self.open}<a href="{html.escape(address)}">{text}</a></td>'
        return f"{self.open}{as_text(content, context)}</td>"


def as_text(content, context) -> str:
    """What the template's ``{{ cell }}`` wrote for ``content`` (``render_value_in_context``:
    local time, localized numbers, escaped text), with the common kinds -- safe HTML, text,
    whole numbers -- written directly. ``context`` None: as ``format_html`` wrote a link's
    text (escaped ``str()``, nothing localized)."""
    kind = type(content)
    if kind is SafeString:
        return content
    if kind is str:
        return html.escape(content)
    if kind is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(content)
    if context is None:
        return conditional_escape(content)
    return render_value_in_context(content, context)


def _shows_label(kind: type, name: str) -> bool:
    try:
        field = kind._meta.get_field(name)
    except Exception:
        return False
    return bool(getattr(field, "choices", None)) and hasattr(kind, f"get_{name}_display")
