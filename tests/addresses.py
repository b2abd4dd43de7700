"""``reverse`` for tests: a league page's name without its league reverses to the first
league's page (/en/l/arkham/...), as every test written before leagues means."""

from __future__ import annotations

from django.urls import NoReverseMatch
from django.urls import reverse as django_reverse

# The first league's address (league.migrations.0006 and tests.factories.first_league).
FIRST_LEAGUE = "arkham"
IN_A_LEAGUE = ("league:", "games:", "feeds:")


def reverse(viewname, urlconf=None, args=None, kwargs=None, current_app=None, **more):
    try:
        return django_reverse(viewname, urlconf, args, kwargs, current_app, **more)
    except NoReverseMatch:
        if not str(viewname).startswith(IN_A_LEAGUE):
            raise
    if kwargs:
        kwargs = {"league_slug": FIRST_LEAGUE, **kwargs}
    else:
        args = [FIRST_LEAGUE, *(args or [])]
    return django_reverse(viewname, urlconf, args, kwargs, current_app, **more)
