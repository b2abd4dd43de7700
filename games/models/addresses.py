"""Addresses of the league's objects, reversed once per process.

Every address is in a league (``/en/l/<league>/...``): a game's, team's, scenario's or
series' own, else the league of the page being rendered (``league.current``).

A results page links a few hundred players, Ancient Ones and games; ``reverse()`` costs
tens of microseconds each, so each address is kept once reversed. The script prefix,
URLconf and language in force are part of the key, so a site mounted elsewhere gets its own
addresses and each language its own prefix (/de/...).
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

from league.current import active_slug, slug_of


@lru_cache(maxsize=16_384)
def _reversed(name: str, kwargs: tuple, prefix: str, urlconf, language: str | None) -> str:
    return reverse(name, kwargs=dict(kwargs), urlconf=urlconf)


def address(name: str, *, league_id: int | None = None, **kwargs) -> str:
    """``reverse(name, kwargs=kwargs)`` in league ``league_id`` (else the active league:
    the page's), kept for the next time it is asked."""
    kwargs["league_slug"] = slug_of(league_id) if league_id is not None else active_slug()
    return _reversed(
        name, tuple(sorted(kwargs.items())), get_script_prefix(), get_urlconf(), get_language()
    )
