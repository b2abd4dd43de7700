"""Filter choices read once per league version, and select boxes written in one pass.

A filter form's model choices (Ancient Ones, boxes, seasons, listed players, teams) were
read on every render through a server-side cursor each, and every ``<option>`` was a
template of its own: on the leaderboard a fifth of a cache miss. Here:

* ``cached_choices`` reads a form's lists once and keeps their (value, label) pairs in
  the shared cache with the version they were read under (``league.caching.versions``):
  the catalog's, teams' and seasons' lists under the version only the writes that change
  them replace, so a game write leaves them cached; the public players' under the league
  version, which every public game write replaces, so a player whose first game is
  approved is offered at once, and one who is no longer listed disappears from the
  choices with the same write. A hit is one cache round trip (the versions and the
  lists together); a miss stores its lists in one more.
* ``CachedModelChoiceField`` (and the django-filter filters built on it) offer those
  pairs; choosing still checks the value against the field's queryset, so a stale or
  forged value is refused as before.
* ``FastSelect`` and ``FastCheckboxes`` write the ``<select>`` and its options (the
  checkboxes) as Django's templates do, in one pass over the choices.
"""

from __future__ import annotations

import functools
import html
from functools import lru_cache
from typing import Any

import django_filters
from django import forms
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db.models import Model, QuerySet
from django.forms.models import ModelChoiceIterator
from django.utils.html import escape
from django.utils.safestring import SafeData, SafeString
from django_filters import fields as filter_fields

from league.caching.outage import guarded
from league.caching.subjects import ALL_KEY
from league.caching.versions import VERSION_KEY, shared
from league.pages.fast_forms import FastDivForm, attributes
from league.queries.prepared import prepared_rows

CHOICES_SECONDS = 3600  # a version lives until the next change; this bounds a quiet one


def _read(field) -> list[tuple[str, str]]:
    """(value, label) of every object of ``field``'s queryset: one plain query (no
    server-side cursor), these lists are short."""
    return [
        (str(field.prepare_value(obj)), str(field.label_from_instance(obj)))
        for obj in field.queryset
    ]


def cached_choices(fields: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """The choices of each field in ``fields`` (by their cache names), in one cache round
    trip when all are kept, and one more to store those that were not.

    Each list is kept under the version that retires it: the catalog's, teams' and
    seasons' lists under ``league:v:all``, which only the rare writes that change them
    replace (``league.caching.subjects``); the lists of public players (a field made with
    ``changes_with_games=True``) under the league version, which every public game write
    replaces, because a first approved game makes a player public and a rejected last one
    hides them again. So a game write re-reads only the player lists. Read from the
    database when the cache keeps nothing."""
    groups: dict[str, dict[str, Any]] = {}
    for name, field in fields.items():
        version_key = VERSION_KEY if getattr(field, "changes_with_games", False) else ALL_KEY
        groups.setdefault(version_key, {})[name] = field
    keys = {
        version_key: "league:choices:" + "+".join(sorted(group))
        for version_key, group in groups.items()
    }
    found = guarded(lambda: cache.get_many([*keys, *keys.values()]), {})
    lists: dict[str, list[tuple[str, str]]] = {}
    fresh = {}
    for version_key, key in keys.items():
        version = found.get(version_key) or guarded(functools.partial(shared, version_key))
        stored = found.get(key)
        if version is not None and stored is not None and stored[0] == version:
            lists.update(stored[1])
            continue
        read = {name: _read(field) for name, field in groups[version_key].items()}
        lists.update(read)
        if version is not None:
            fresh[key] = (version, read)
    if fresh:
        guarded(lambda: cache.set_many(fresh, timeout=CHOICES_SECONDS))
    return lists


class ChoiceBatch:
    """The cached choices of one form's fields, read together the first time any of
    them is rendered (``CachedChoicesForm``)."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields
        self.lists: dict[str, list[tuple[str, str]]] | None = None

    def choices(self, name: str) -> list[tuple[str, str]]:
        if self.lists is None:
            self.lists = cached_choices(self.fields)
        return self.lists[name]


class Deferred:
    """A choice field's queryset built when it is first used -- to check a chosen value, or
    to read the choices the cache does not hold -- not each time a form is made: most
    renders only offer the cached choices. A player's teammates, say, cost building a
    subquery over their summary rows on every page of theirs. Not callable, so
    django-filter hands it on as it is, and copied as itself with the field.

    ``table``: the model when the choices are every row of it (``Deferred.table_of``)."""

    __slots__ = ("build", "table")

    def __init__(self, build, table: type[Model] | None = None) -> None:
        self.build = build
        self.table = table

    @classmethod
    def table_of(cls, model: type[Model]) -> Deferred:
        """Every row of a catalog ``model`` (Ancient Ones, investigators, boxes, seasons,
        teams): a chosen slug is then read through SQL compiled once per process."""
        return cls(model._default_manager.all, table=model)

    def __deepcopy__(self, memo):
        return self


class CachedChoiceIterator(ModelChoiceIterator):
    """The field's empty choice (and django-filter's null choice), then the cached pairs."""

    def __init__(self, field) -> None:
        self.field = field  # its queryset is not read (it may be ``Deferred``)

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        null_label = getattr(self.field, "null_label", None)
        if null_label is not None:
            yield (self.field.null_value, null_label)
        yield from self.field.cached_pairs()

    def __len__(self) -> int:
        extra = (self.field.empty_label is not None) + (
            getattr(self.field, "null_label", None) is not None
        )
        return len(self.field.cached_pairs()) + extra

    def __bool__(self) -> bool:
        return True


class CachedChoicesMixin:
    """A model choice field whose options are ``choices_name``'s cached pairs: from the
    form's ``ChoiceBatch`` when it has one, else read for this field alone."""

    iterator = CachedChoiceIterator
    batch: ChoiceBatch | None = None
    table: type[Model] | None = None  # the choices are every row of this model

    def __init__(self, *args, choices_name: str, changes_with_games: bool = False, **kwargs):
        self.choices_name = choices_name
        self.changes_with_games = changes_with_games
        super().__init__(*args, **kwargs)

    def cached_pairs(self) -> list[tuple[str, str]]:
        if self.batch is None:
            self.batch = ChoiceBatch({self.choices_name: self})
        return self.batch.choices(self.choices_name)

    def _get_queryset(self):
        deferred = self.__dict__.get("_deferred")
        if deferred is not None:
            self._deferred = None
            self._queryset = deferred.build().all()
        return self._queryset

    def _set_queryset(self, queryset):
        if isinstance(queryset, Deferred):
            self._deferred, self._queryset = queryset, None
            self.table = queryset.table
            self.widget.choices = self.choices
        else:
            self._deferred = None
            super()._set_queryset(queryset)

    queryset = property(_get_queryset, _set_queryset)

    def __deepcopy__(self, memo):
        deferred = self.__dict__.get("_deferred")
        if deferred is None:
            copied = super().__deepcopy__(memo)
        else:  # as ``ModelChoiceField`` copies itself, without building the queryset
            copied = forms.Field.__deepcopy__(self, memo)
            copied.queryset = deferred
        copied.batch = None  # each form reads its own (the copy is a new form's field)
        return copied


class CachedChoicesForm(FastDivForm):
    """A form whose cached-choice fields read their lists together, in one batch, written
    by ``FastDivForm``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        read_together(self)


def read_together(*forms) -> None:
    """One batch for the cached-choice fields of ``forms``: a page that shows several
    forms (a player's season picker and history filter) reads all their lists in one
    cache round trip, not one per form. A list name is one list, whichever form asks."""
    fields = [
        field
        for form in forms
        for field in form.fields.values()
        if isinstance(field, CachedChoicesMixin)
    ]
    batch = ChoiceBatch({field.choices_name: field for field in fields})
    for field in fields:
        field.batch = batch


def _escape(text) -> str:
    """``django.utils.html.conditional_escape`` without its lazy-string wrapper: called
    once or twice per option, on plain strings."""
    return text.__html__() if isinstance(text, SafeData) else html.escape(str(text))


@lru_cache(maxsize=16384)
def _plain_option(option: str, label: str, selected: bool) -> str:
    mark = " selected" if selected else ""
    return f'\n  <option value="{html.escape(option)}"{mark}>{html.escape(label)}</option>\n'


def _option(option: str, label, selected: bool) -> str:
    """One ``<option>``; those of plain texts (every cached choice) written once per
    process: a filter form offers a few hundred, escaped twice each on every render."""
    if type(label) is str:
        return _plain_option(option, label, selected)
    mark = " selected" if selected else ""
    return f'\n  <option value="{_escape(option)}"{mark}>{_escape(label)}</option>\n'


class FastSelect(forms.Select):
    """A single ``<select>`` written as ``django/forms/widgets/select.html`` and
    ``select_option.html`` write it, without a template per option. Grouped choices go
    through Django's templates."""

    def render(self, name, value, attrs=None, renderer=None):
        choices = list(self.choices)
        if any(isinstance(label, (list, tuple)) for _, label in choices):
            return super().render(name, value, attrs, renderer)
        chosen = set(self.format_value(value))
        parts = [f'<select name="{escape(name)}"{attributes(self.build_attrs(self.attrs, attrs))}>']
        found = False
        for option, label in choices:
            option = "" if option is None else str(option)
            selected = not found and option in chosen
            found = found or selected
            parts.append(_option(option, label, selected))
        parts.append("\n</select>")
        return SafeString("".join(parts))


class FastCheckboxes(forms.CheckboxSelectMultiple):
    """Checkboxes written as ``multiple_input.html`` and ``input_option.html`` write them,
    without three templates per option. Grouped choices go through Django's templates."""

    def render(self, name, value, attrs=None, renderer=None):
        choices = list(self.choices)
        if any(isinstance(label, (list, tuple)) for _, label in choices):
            return super().render(name, value, attrs, renderer)
        chosen = set(self.format_value(value))
        final = self.build_attrs(self.attrs, attrs)
        box_id, css = final.get("id"), final.get("class")
        parts = ["<div"]
        if box_id:
            parts.append(f' id="{escape(box_id)}"')
        if css:
            parts.append(f' class="{escape(css)}"')
        parts.append(">")
        for index, (option, label) in enumerate(choices):
            option = "" if option is None else str(option)
            option_attrs = dict(final)
            if option in chosen:
                option_attrs.update(self.checked_attribute)
            if "id" in option_attrs:
                option_attrs["id"] = self.id_for_label(option_attrs["id"], str(index))
            target = option_attrs.get("id")
            label_for = f' for="{escape(target)}"' if target else ""
            parts.append(
                f"<div>\n    <label{label_for}>"
                f'<input type="{self.input_type}" name="{escape(name)}" value="{escape(option)}"'
                f"{attributes(option_attrs)}>\n {escape(label)}</label>\n\n</div>"
            )
        parts.append("\n</div>")
        return SafeString("".join(parts))


@functools.cache
def _by_slug(model: type[Model]):
    def build(slug: str) -> QuerySet:
        return model._default_manager.filter(slug=slug)

    return build


class ChosenBySlugMixin:
    """A single choice among every row of a catalog (``Deferred.table_of``) chosen by slug:
    the chosen row is read through SQL compiled once per process (``prepared_rows``), not
    through ``queryset.get()`` compiled on every request that filters by it (0.12 ms of
    CPU against 0.27). Anything else is checked as Django checks it."""

    def to_python(self, value):
        null = getattr(self, "null_label", None) is not None and value == self.null_value
        model = self.table
        if model is None or self.to_field_name != "slug" or type(value) is not str or null:
            return super().to_python(value)
        if value in self.empty_values:
            return None
        self.validate_no_null_characters(value)
        rows = prepared_rows(f"chosen-{model._meta.label}", _by_slug(model), slug=value)
        if len(rows) != 1:
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return rows[0]


class CachedModelChoiceField(ChosenBySlugMixin, CachedChoicesMixin, forms.ModelChoiceField):
    """A model choice whose options are cached under ``choices_name``."""

    widget = FastSelect


class CachedFilterModelChoiceField(
    ChosenBySlugMixin, CachedChoicesMixin, filter_fields.ModelChoiceField
):
    """django-filter's model choice (null choice and all) with cached options."""

    widget = FastSelect


class CachedModelMultipleChoiceField(CachedChoicesMixin, filter_fields.ModelMultipleChoiceField):
    """django-filter's multiple model choice with cached options (its widget as given)."""


class CachedModelChoiceFilter(django_filters.ModelChoiceFilter):
    """``ModelChoiceFilter(choices_name="players", ...)``: options cached by that name."""

    field_class = CachedFilterModelChoiceField


class CachedModelMultipleChoiceFilter(django_filters.ModelMultipleChoiceFilter):
    field_class = CachedModelMultipleChoiceField


class FastChoiceFilter(django_filters.ChoiceFilter):
    """A ``ChoiceFilter`` (fixed choices) written by ``FastSelect``."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", FastSelect)
        super().__init__(*args, **kwargs)
