"""League scopes: a league-owned query outside a league scope is an error.

The managers of what a league owns (games, teams, scenarios, series, seasons, announcements)
are django-scopes managers: inside ``scope(league=...)`` a query answers that league's rows
only; outside any league scope it raises ``ScopeError`` (or an ``AttributeError`` for the
model's own query vocabulary), so a list that forgot its league cannot show another's rows.

- A league's pages run in their league's scope, their whole request (``league.current``).
- Pages outside any league run in a scope without a league: they read no league's rows.
- What reads across leagues on purpose says so with ``scopes_disabled()``: the admin and
  the pages across leagues (``enter_across``), jobs, management commands, the summaries'
  rebuild and uniqueness checks. The API enters its ``?league=``'s scope (``enter_league``).
- A streamed body is read after the request's scope has closed: ``streamed`` reads it in
  the request's context.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator

from django.db import models
from django_scopes import ScopedManager, scope, scopes_disabled


def league_scoped(queryset_class: type[models.QuerySet]) -> models.Manager:
    """The manager of a league-owned model, with ``queryset_class``'s vocabulary."""
    manager_class = models.Manager.from_queryset(queryset_class)
    return ScopedManager(league="league", _manager_class=manager_class)


def enter_league(request, league) -> None:
    """Scope the rest of ``request`` to ``league`` (the API, once it knows its league).
    ``request.league_scopes``: the scopes ``CurrentLeagueMiddleware`` closes at the end."""
    request.league_scopes.enter_context(scope(league=league))


def enter_across(request) -> None:
    """Let the rest of ``request`` read every league (the admin, the pages across leagues)."""
    request.league_scopes.enter_context(scopes_disabled())


def streamed(chunks: Iterable) -> Iterator:
    """``chunks`` read in the context they were made in (its league scope, the league links
    go to): a streamed response's body is read by the server after the middleware returned."""
    context = contextvars.copy_context()  # now, while the request's scope is open
    iterator = iter(chunks)

    def read() -> Iterator:
        while True:
            try:
                chunk = context.run(next, iterator)
            except StopIteration:
                return
            yield chunk

    return read()


def formfield_across_leagues(db_field, **kwargs):
    """A model form's field made with scopes off (``Meta.formfield_callback`` of the admin's
    forms, which Django builds when their module is imported; the admin, across leagues,
    makes their choices again for each request)."""
    with scopes_disabled():
        return db_field.formfield(**kwargs)


class UniqueInEveryLeague:
    """A league-owned model's uniqueness checks read every league's rows: a form in one
    league's scope would otherwise miss a clash in another and fail at the save."""

    def validate_unique(self, exclude=None):
        with scopes_disabled():
            super().validate_unique(exclude)

    def validate_constraints(self, exclude=None):
        with scopes_disabled():
            super().validate_constraints(exclude)
