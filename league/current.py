"""The league a request is about (``request.league``), and the league links go to.

A league the reader may not read is a 404 (its name is not even confirmed). Pages outside
any league are about the first league. Like the active language, the active league is
what ``get_absolute_url`` links into; ``override`` sets it outside a request.
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from functools import lru_cache

from django.http import Http404
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django_scopes import scope

from league.models import League, role_in
from league.scopes import enter_across, enter_league

# The URL keyword every league page's address carries.
URL_KWARG = "league_slug"

_active_slug: ContextVar[str | None] = ContextVar("active_league_slug", default=None)


# League addresses by id, kept per process: a league's address never changes once made.
_slugs: dict[int, str] = {}


def slug_of(league_id: int) -> str:
    if league_id not in _slugs:
        _slugs[league_id] = League.objects.values_list("slug", flat=True).get(pk=league_id)
    return _slugs[league_id]


def remember(league: League) -> None:
    # Read with the league anyway: no query for its links.
    _slugs[league.pk] = league.slug


def forget_slugs() -> None:
    # Tests reuse league ids after a rollback.
    _slugs.clear()


@lru_cache(maxsize=1)
def _first_slug() -> str:
    return League.objects.first_league().slug


def active_slug() -> str:
    return _active_slug.get() or _first_slug()


@contextmanager
def override(league: League):
    token = _active_slug.set(league.slug)
    try:
        yield
    finally:
        _active_slug.reset(token)


def readable_league(slug: str, user) -> League:
    league = League.objects.filter(slug=slug).first()
    # A member's role, read here, is remembered for the navigation's questions.
    if league is None or not (league.is_public or role_in(user, league) is not None):
        raise Http404(_("No such league."))
    return league


# URL namespaces that read every league on purpose: the admin (its lists filter by league)
# and the pages across leagues.
ACROSS_NAMESPACES = {"admin", "across"}


class CurrentLeagueMiddleware:
    """Runs the whole request, its templates included, in the league's scope: a page
    outside any league reads no league's rows unless it reads across leagues on purpose."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.league = SimpleLazyObject(League.objects.first_league)
        token = _active_slug.set(None)
        with ExitStack() as request.league_scopes:
            request.league_scopes.enter_context(scope())
            try:
                return self.get_response(request)
            finally:
                _active_slug.reset(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = view_kwargs.get(URL_KWARG)
        if slug is not None:
            request.league = readable_league(slug, request.user)
            _active_slug.set(request.league.slug)
            remember(request.league)
            enter_league(request, request.league)
        elif ACROSS_NAMESPACES & set(request.resolver_match.namespaces):
            enter_across(request)
        return None
