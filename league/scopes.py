"""League scopes (django-scopes): a league-owned query outside a league scope raises, so a
list that forgot its league cannot show another's rows. What reads across leagues on
purpose says so with ``scopes_disabled()`` (the admin, the pages across leagues, jobs,
commands, the summaries' rebuild, uniqueness checks).
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator

from django.db import models
from django_scopes import ScopedManager, scope, scopes_disabled


def league_scoped(queryset_class: type[models.QuerySet]) -> models.Manager:
    manager_class = models.Manager.from_queryset(queryset_class)
    return ScopedManager(league="league", _manager_class=manager_class)


def enter_league(request, league) -> None:
    # ``request.league_scopes``: the scopes ``CurrentLeagueMiddleware`` closes at the end.
    request.league_scopes.enter_context(scope(league=league))


def enter_across(request) -> None:
    request.league_scopes.enter_context(scopes_disabled())


def streamed(chunks: Iterable) -> Iterator:
    """``chunks`` read in the context they were made in: a streamed response's body is read
    by the server after the middleware (and the request's scope) returned."""
    context = contextvars.copy_context()  # now, while the request's scope is open
    iterator, done = iter(chunks), object()
    return iter(lambda: context.run(next, iterator, done), done)


def formfield_across_leagues(db_field, **kwargs):
    """``Meta.formfield_callback`` of the admin's forms, built when their module is
    imported (the admin makes their choices again for each request)."""
    with scopes_disabled():
        return db_field.formfield(**kwargs)


class UniqueInEveryLeague:
    """Uniqueness checks read every league's rows: a form in one league's scope would
    otherwise miss a clash in another and fail at the save."""

    def validate_unique(self, exclude=None):
        with scopes_disabled():
            super().validate_unique(exclude)

    def validate_constraints(self, exclude=None):
        with scopes_disabled():
            super().validate_constraints(exclude)
