"""Where the page cache finds a page's copy, and who renders a copy gone stale.

An entry is ``(versions, segments, headers)``, *fresh* while those are the versions now;
this process's copy is trusted only against versions just read from the shared cache
(docs/caching.md, "One render per stale page").
"""

from __future__ import annotations

import hashlib
import time
from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache, caches

from league.caching.versions import shared

Versions = tuple[str, ...]


class Found(NamedTuple):
    current: Versions
    fresh: tuple | None = None
    stale: tuple | None = None


def find(key: str, names: list[str]) -> Found:
    memory = caches["pages"]
    mine = memory.get(key)
    found = cache.get_many(names if mine is not None else [*names, key])
    # A lost version (culled, evicted, flushed) is replaced by a new one, never an old one.
    now = tuple(found.get(name) or shared(name) for name in names)
    if mine is not None and mine[0] == now:
        return Found(now, fresh=mine)
    theirs = found.get(key) if mine is None else cache.get(key)
    if theirs is not None and theirs[0] == now:
        memory.set(key, theirs, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
        return Found(now, fresh=theirs)
    return Found(now, stale=theirs if theirs is not None else mine)


def lock_key(key: str, built_from: Versions) -> str:
    digest = hashlib.sha256("|".join(built_from).encode()).hexdigest()[:16]
    return f"{key}:render:{digest}"


def serve_stale(key: str, found: Found, *, stores: bool = True) -> bool:
    """Whether this request gets the stale copy while another renders the page (``False``:
    it took the lock, or the copy is too old). A HEAD (``stores=False``) never takes it."""
    seconds = settings.LEAGUE_PAGE_STALE_SECONDS
    if found.stale is None or not seconds:
        return False
    now = time.time()
    throttle = min(settings.LEAGUE_PAGE_RENDER_SECONDS, seconds)
    if stores and throttle and not cache.add(f"{key}:rendered", now, timeout=throttle):
        return True  # rendered less than that ago: its copy serves until then
    lock = lock_key(key, found.stale[0])
    if stores and cache.add(lock, now, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS):
        return False
    since = cache.get(lock)
    return since is not None and now - since <= seconds


def store(key: str, built_from: Versions, segments, headers, seconds: int | None = None) -> None:
    """Keep a page in the shared cache and this process's (at most the setting's seconds)."""
    entry = (built_from, segments, headers)
    seconds = min(seconds or settings.LEAGUE_PAGE_CACHE_SECONDS, settings.LEAGUE_PAGE_CACHE_SECONDS)
    cache.set(key, entry, timeout=seconds)
    caches["pages"].set(key, entry, timeout=seconds)
