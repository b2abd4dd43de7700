"""League scopes: a league-owned query outside a league scope is an error.

The managers of what a league owns (games, teams, scenarios, series, seasons, announcements)
are django-scopes managers: inside ``scope(league=...)`` a query answers that league's rows
only; outside any league scope it raises ``ScopeError`` (or an ``AttributeError`` for the
model's own query vocabulary), so a list that forgot its league cannot show another's rows.

- A league's pages run in their league's scope, their whole request (``league.current``).
- Pages outside any league run in a scope without a league: they read no league's rows.
- What reads across leagues on purpose says so with ``scopes_disabled()``: the admin, the
  API until it knows its ``?league=`` (``enter_league``), the pages across leagues
  (``across_leagues``), jobs, management commands and the summaries' rebuild.
"""

from __future__ import annotations

from contextlib import ExitStack

from django.db import models
from django_scopes import ScopedManager, scope, scopes_disabled

__all__ = ["across_leagues", "enter_league", "league_scoped", "request_scopes", "scopes_disabled"]


def league_scoped(queryset_class: type[models.QuerySet]) -> models.Manager:
    """The manager of a league-owned model, with ``queryset_class``'s vocabulary."""
    manager_class = models.Manager.from_queryset(queryset_class)
    return ScopedManager(league="league", _manager_class=manager_class)


def across_leagues(view):
    """Mark ``view`` as reading every league on purpose (it runs with scopes disabled)."""
    view.reads_across_leagues = True
    return view


def request_scopes(request) -> ExitStack:
    """The scopes the rest of ``request`` runs in (``CurrentLeagueMiddleware`` closes them
    when the response is made)."""
    return request.league_scopes


def enter_league(request, league) -> None:
    """Scope the rest of ``request`` to ``league`` (the API, once it knows its league)."""
    request_scopes(request).enter_context(scope(league=league))


def enter_across(request) -> None:
    """Let the rest of ``request`` read every league (the admin, the pages across leagues)."""
    request_scopes(request).enter_context(scopes_disabled())


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
