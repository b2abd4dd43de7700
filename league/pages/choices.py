"""Filter choice lists kept in the shared cache, under the versions that retire them
(docs/caching.md): the catalog's, teams' and seasons' under ``league:v:all``, which a game
write leaves; the public players' (``changes_with_games=True``) under the league's
version, which every public game write replaces.

Only the lists are cached: the widgets are Django's, and a chosen value is still checked
against the field's queryset, so a stale or forged value is refused as before.
"""

from __future__ import annotations

import functools
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

import django_filters
from django import forms
from django.core.cache import cache
from django.forms.models import ModelChoiceIterator
from django.utils.translation import get_language
from django_filters import fields as filter_fields

from league.caching.outage import guarded
from league.caching.subjects import ALL_KEY, league_key, lists_key
from league.caching.versions import VERSION_KEY, current

CHOICES_SECONDS = 3600  # a version lives until the next change; this bounds a quiet one


def choice_list(field) -> list[tuple[str, str]]:
    """(value, label) of every object of ``field``'s queryset."""
    return [
        (str(field.prepare_value(obj)), str(field.label_from_instance(obj)))
        for obj in field.queryset
    ]


class ChoiceLists:
    """The cached lists of some fields, read together the first time one is offered (a
    form that is only validated, as the API's, reads none)."""

    def __init__(self, fields) -> None:
        self.fields = {field.choices_name: field for field in fields}
        # The versions the lists are current under (None for one the cache did not share).
        self.versions: list = []

    @cached_property
    def lists(self) -> dict[str, list[tuple[str, str]]]:
        """Each field's choices by list name: one ``get_many`` for the versions and the
        lists, one ``set_many`` for the lists read again. Read from the database alone when
        the cache keeps nothing (no version is shared then)."""
        groups: dict[tuple[str, ...], dict[str, Any]] = {}
        for name, field in self.fields.items():
            groups.setdefault(field.version_keys(), {})[name] = field
        # Labels are names in the reader's language (the catalog's printed names): a list
        # per language; a league's form keeps its lists under its league's versions.
        language = get_language() or ""
        keys = {
            version_keys: f"league:choices:{language}:"
            + "+".join(f"{name}@{group[name].scope or ''}" for name in sorted(group))
            for version_keys, group in groups.items()
        }
        names = {name for version_keys in keys for name in version_keys}
        found = guarded(lambda: cache.get_many([*names, *keys.values()]), {})
        lists: dict[str, list[tuple[str, str]]] = {}
        fresh = {}
        for version_keys, key in keys.items():
            now = guarded(functools.partial(current, version_keys, found))
            version = None if now is None else "|".join(now)
            self.versions.append(version)
            stored = found.get(key)
            if version is not None and stored is not None and stored[0] == version:
                lists.update(stored[1])
                continue
            read = {name: choice_list(field) for name, field in groups[version_keys].items()}
            lists.update(read)
            if version is not None:
                fresh[key] = (version, read)
        if fresh:
            guarded(lambda: cache.set_many(fresh, timeout=CHOICES_SECONDS))
        return lists

    def read(self) -> None:
        """Read the lists now (once), with the versions they are current under."""
        self.lists  # noqa: B018 (a cached property: the read is the point)


class CachedChoiceIterator(ModelChoiceIterator):
    """The field's empty choice, django-filter's null choice, then the cached pairs."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        if self.field.null_label is not None:
            yield (self.field.null_value, self.field.null_label)
        yield from self.field.cached_pairs()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return len(self) > 0


class CachedChoicesMixin:
    """A model choice field offering the cached list named ``choices_name``; with
    ``in_league`` (a league -> its rows, e.g. ``Team.objects.of_league``) one league's
    rows, that of its form (none in a form that has no league)."""

    iterator = CachedChoiceIterator
    lists: ChoiceLists | None = None  # set by its form (``CachedChoicesForm``)
    scope: int | None = None  # the id of its form's league

    def __init__(
        self, *args, choices_name: str, changes_with_games: bool = False, in_league=None, **kwargs
    ):
        self.choices_name = choices_name
        self.changes_with_games = changes_with_games
        self.in_league = in_league
        super().__init__(*args, **kwargs)

    def of_league(self, league) -> None:
        """In a form of ``league``: offer (and accept) only its rows (none without one)."""
        self.scope = league.pk if league else None
        if self.in_league is not None:
            self.queryset = self.in_league(league) if league else self.queryset.none()

    def version_keys(self) -> tuple[str, ...]:
        """The versions its list is current under: in a league's form, its games' lists'
        (players), or the catalog's and its league's (teams, seasons: rare writes)."""
        if self.changes_with_games:
            return (VERSION_KEY,) if self.scope is None else (lists_key(self.scope),)
        return (ALL_KEY,) if self.scope is None else (ALL_KEY, league_key(self.scope))

    def cached_pairs(self) -> list[tuple[str, str]]:
        """Its list: its form's batch, or (in a form of another kind) read alone."""
        return (self.lists or ChoiceLists([self])).lists[self.choices_name]


class CachedModelChoiceField(CachedChoicesMixin, filter_fields.ModelChoiceField):
    pass


class CachedModelMultipleChoiceField(CachedChoicesMixin, filter_fields.ModelMultipleChoiceField):
    pass


class CachedModelChoiceFilter(django_filters.ModelChoiceFilter):
    """``CachedModelChoiceFilter(choices_name="players", ...)``: options cached by that name."""

    field_class = CachedModelChoiceField


class CachedModelMultipleChoiceFilter(django_filters.ModelMultipleChoiceFilter):
    field_class = CachedModelMultipleChoiceField


class LeagueFilterSet(django_filters.FilterSet):
    """A filter set over one league's rows: its form offers that league's teams, seasons
    and players (``league``, else its request's)."""

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.league = league or getattr(self.request, "league", None)

    def get_form_class(self):
        return functools.partial(super().get_form_class(), league=self.league)


class CachedChoicesForm(forms.Form):
    """A form whose cached-choice fields read their lists together: the leaderboard's five
    in one cache round trip; its league's rows only (``league``)."""

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        cached = [field for field in self.fields.values() if isinstance(field, CachedChoicesMixin)]
        self.choice_lists = ChoiceLists(cached)
        self.league = league
        for field in cached:
            field.lists = self.choice_lists
            field.of_league(league)

    @cached_property
    def fragment_key(self) -> str:
        """What the form renders from, for ``{% cache form.fragment_seconds "filters"
        form.fragment_key using="fragments" %}``: its kind, its values as given, its choice
        lists' names and the versions they are current under (read with the lists), and the
        language its labels are in. A game write leaves the catalog's lists, and so the
        rendered form, as they were."""
        values = [(name, value) for name in self.fields for value in self.data.getlist(name)]
        self.choice_lists.read()
        lists = sorted(self.choice_lists.fields)
        versions = map(str, self.choice_lists.versions)
        kind = type(self).__qualname__
        league = str(self.league.pk if self.league else "")
        return "|".join([kind, league, get_language() or "", urlencode(values), *lists, *versions])

    @property
    def fragment_seconds(self) -> int:
        """How long the rendered form is kept: not at all (0) unless the cache gave a
        version of every list."""
        self.choice_lists.read()
        versions = self.choice_lists.versions
        return CHOICES_SECONDS if versions and None not in versions else 0
