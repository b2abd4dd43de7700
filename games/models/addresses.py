"""Addresses of the league's objects (``/en/l/<league>/...``), reversed once per process.

A results page links a few hundred players, Ancient Ones and games, at tens of microseconds
a ``reverse()``. The script prefix, URLconf and language are part of the cache's key.
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
    """``reverse(name, kwargs=kwargs)`` in league ``league_id`` (else the page's league)."""
    kwargs["league_slug"] = slug_of(league_id) if league_id is not None else active_slug()
    return _reversed(
        name, tuple(sorted(kwargs.items())), get_script_prefix(), get_urlconf(), get_language()
    )
