"""Where the page cache finds a page's copy, and who renders a copy gone stale.

An entry is ``(versions, segments, headers)``: the page (``league.caching.fills``) with the
tokens of the versions it was built from, read before it was rendered (``[league:v:all,
the page's subject]``, ``league.caching.subjects``). It is *fresh* while those are the
versions now, and only then served as a hit.

**One round trip.** The versions and the page are read in one ``get_many``. In front of
the shared cache each process keeps the pages it served last in memory (Django's
``LocMemCache``, ``LEAGUE_PAGE_MEMORY_ENTRIES``); an entry there is trusted only while its
versions equal the ones just read from the shared cache, so a hit it answers is as fresh as
one from the shared cache, and then the shared cache sends a few short tokens instead of
the page: on the database cache that is most of a hit's cost (the page, pickled, base64 in
a text column). A write in another process changes the tokens, so every process's memory
copy goes stale at once. Beside each copy, memory keeps it filled as every plain visitor
(no session, no message) gets it, so such a hit renders no template either.

**One render per stale page.** A copy whose versions have moved on is not thrown away. The
first request to find it stale takes a lock in the shared cache (``cache.add``, which one
caller wins, in every process) and renders; the lock holds the moment it was taken. Any
request that finds the lock taken less than ``LEAGUE_PAGE_STALE_SECONDS`` ago is served
the stale copy (``X-Cache: stale``) instead of rendering the same page again; after that,
or with no stale copy, or when a version was lost (the copy's age is unknown), a request
renders as on any miss. The lock is per stale copy (its versions are in the lock's key) and
lives as long as a page may: so a copy is served stale for at most that many seconds after
the first request found it stale, even if its new render never succeeds. Without the shared
cache (an outage) nobody wins the lock and every request renders uncached, as before.
"""

from __future__ import annotations

import functools
import hashlib
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache

from league.caching import versions

Entry = tuple[tuple[str, ...], tuple, dict]
Versions = tuple[str | None, ...]


@functools.cache
def _memory_of(entries: int) -> LocMemCache:
    return LocMemCache("league-pages", {"OPTIONS": {"MAX_ENTRIES": entries}})


def memory() -> LocMemCache | None:
    """This process's copies of the pages it served, or ``None`` when turned off."""
    entries = settings.LEAGUE_PAGE_MEMORY_ENTRIES
    return _memory_of(entries) if entries else None


@dataclass(frozen=True)
class Found:
    """What the caches hold of one page, against the versions now."""

    current: Versions | None  # ``None``: the cache does not answer, store nothing
    fresh: Entry | None = None
    stale: Entry | None = None


def find(key: str, names: list[str], get_many=None) -> Found:
    """The page at ``key``, built from the versions ``names``: fresh, stale or neither.
    ``get_many`` reads the shared cache (by default ``cache.get_many``; a member's request
    reads through the call that also fetches their navigation's facts)."""
    local = memory()
    mine = local.get(key) if local is not None else None
    found = (get_many or cache.get_many)(names if mine is not None else [*names, key])
    current = [found.get(name) for name in names]
    if current[0] is None:
        # Every page's version was lost (or the cache does not answer): a new one.
        current[0] = versions.shared(names[0])
        if current[0] is None:
            return Found(None)
    now = tuple(current)
    if mine is not None and mine[0] == now:
        return Found(now, fresh=mine)
    shared = found.get(key) if mine is None else cache.get(key)
    if shared is not None and shared[0] == now:
        if local is not None:
            local.set(key, shared, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
        return Found(now, fresh=shared)
    return Found(now, stale=shared if shared is not None else mine)


def held(key: str) -> bool:
    """Whether this process's memory holds a copy of the page at ``key`` (fresh or not),
    so the shared cache need not send it (asked without reading the copy)."""
    local = memory()
    return local is not None and local.has_key(key)


def ready_for_visitors(key: str, entry: Entry, render) -> bytes:
    """The page as every plain visitor gets it (``render()`` fills it for one), kept in
    this process's memory beside the copy: with no session and no message, a visitor's
    parts (``league.caching.fills``) depend on the page's path alone, so they are rendered
    once per copy and process, not per request."""
    local = memory()
    if local is None:
        return render()
    ready_key = f"{key}:ready"
    ready = local.get(ready_key)
    if ready is not None and ready[0] == entry[0]:
        return ready[1]
    body = render()
    local.set(ready_key, (entry[0], body), timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
    return body


def lock_key(key: str, built_from: Versions) -> str:
    """The render lock of one stale copy (of the page at ``key`` built from these)."""
    digest = hashlib.sha256("|".join(map(str, built_from)).encode()).hexdigest()[:16]
    return f"{key}:render:{digest}"


def serve_stale(key: str, found: Found, *, stores: bool = True) -> bool:
    """Whether this request gets the stale copy while another request renders the page;
    ``False``: this request renders it (it took the lock, or the copy is too old). A
    request whose answer is not stored (``stores=False``: a HEAD) never takes the lock."""
    seconds = settings.LEAGUE_PAGE_STALE_SECONDS
    if found.stale is None or not seconds or None in found.current:
        return False
    lock = lock_key(key, found.stale[0])
    now = time.time()
    if stores and cache.add(lock, now, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS):
        return False
    since = cache.get(lock)
    return since is not None and now - since <= seconds


def store(key: str, names: list[str], built_from: Versions, segments, headers) -> None:
    """Keep a page built from these versions; a version missing when the page was read
    gets a new token first (unless another request set one meanwhile: then the page may
    already be stale, and is not kept)."""
    tokens = list(built_from)
    for index, (name, token) in enumerate(zip(names, built_from, strict=True)):
        if token is None:
            fresh = versions.new_token()
            if not cache.add(name, fresh, timeout=None):
                return
            tokens[index] = fresh
    entry = (tuple(tokens), segments, headers)
    seconds = settings.LEAGUE_PAGE_CACHE_SECONDS
    cache.set(key, entry, timeout=seconds)
    local = memory()
    if local is not None:
        local.set(key, entry, timeout=seconds)
