"""Public pages cached for visitors and members, under the versions of what they show.

``page_cached(view, shows=KIND)`` marks a view (in the URLconf); ``PageCacheMiddleware``
serves and stores it (docs/caching.md). It sits above the session, CSRF and messages
middleware so it sees the cookies they set.

An entry is ``(versions, segments, headers)``, *fresh* while those are the versions now;
this process's copy is trusted only against versions just read from the shared cache
(docs/caching.md, "One render per stale page").
"""

from __future__ import annotations

import hashlib
import time
from typing import NamedTuple
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache, caches
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from league.caching.fills import cut, fill, unmark
from league.caching.outage import guarded
from league.caching.subjects import LISTS, page_keys
from league.caching.versions import current
from league.ops.query_text import known_query

EXPORT_PARAMETER = "_export"
# Vary values the cache key (audience, htmx) and the filled parts already cover.
COVERED_VARY = {"cookie", "accept-encoding"}
# Headers not kept with a page: set per response (the length changes with the fills).
UNSTORED_HEADERS = {"set-cookie", "x-cache", "content-length", "cache-control"}
VISITOR, MEMBER = "visitor", "member"
Versions = tuple[str, ...]


class Found(NamedTuple):
    current: Versions
    fresh: tuple | None = None
    stale: tuple | None = None
    rendered_lately: bool = False  # within LEAGUE_PAGE_RENDER_SECONDS (``serve_stale``)


def rendered_key(key: str) -> str:
    return f"{key}:rendered"


def find(key: str, names: list[str]) -> Found:
    memory = caches["pages"]
    mine = memory.get(key)
    # The render mark comes with the versions: a stale read in the render throttle's
    # time asks nothing more of the cache (an ``add`` is three queries on the database's).
    wanted = [*names, rendered_key(key)]
    found = cache.get_many(wanted if mine is not None else [*wanted, key])
    now = current(names, found)
    if mine is not None and mine[0] == now:
        return Found(now, fresh=mine)
    theirs = found.get(key) if mine is None else cache.get(key)
    if theirs is not None and theirs[0] == now:
        memory.set(key, theirs, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
        return Found(now, fresh=theirs)
    lately = rendered_key(key) in found
    return Found(now, stale=theirs if theirs is not None else mine, rendered_lately=lately)


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
    if (
        stores
        and throttle
        and (found.rendered_lately or not cache.add(rendered_key(key), now, timeout=throttle))
    ):
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


def page_cached(view, *, members: bool = True, shows: str = LISTS):
    """Mark ``view`` as a public page ``PageCacheMiddleware`` may cache; ``members=False``
    when its body differs from one member to another; ``shows``: the kind of subject it
    shows (``league.caching.subjects``)."""
    view.league_page_cache = MEMBER if members else VISITOR
    view.league_page_shows = shows
    return view


def page_key(request, audience: str = VISITOR) -> str:
    """The cache key of this page; the language is in the key too, not only in the path, so
    no two languages ever share a copy whatever the address."""
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    htmx = "hx" if request.headers.get("HX-Request") == "true" else ""
    language = get_language()
    address = f"{request.scheme}://{request.get_host()}{request.path}?{query}|{htmx}|{language}"
    if audience != VISITOR:
        address += f"|{audience}"
    return "league:page:" + hashlib.sha256(address.encode()).hexdigest()


def signed_in(request) -> bool:
    # No user at all on a request the authentication middleware has not reached (a 500).
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


def audience(request, allowed: str) -> str | None:
    if request.method not in ("GET", "HEAD") or EXPORT_PARAMETER in request.GET:
        return None
    if not signed_in(request):
        return VISITOR
    return MEMBER if allowed == MEMBER else None


def storable(response) -> bool:
    if response.status_code != 200 or response.streaming:
        return False
    filled = {settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, "messages"}
    if set(response.cookies) - filled:
        return False
    vary = {value.strip().lower() for value in response.get("Vary", "").split(",")}
    return vary - {""} <= COVERED_VARY


def _private(request, response) -> None:
    """A member's answer, or one that showed a visitor a message, is theirs alone."""
    if signed_in(request) or b'class="messages"' in response.content:
        patch_cache_control(response, private=True)


class PageCacheMiddleware:
    """``request.page_cache_pending`` is set on a marked page the cache did not answer:
    ``(key, versions)`` to store it under, ``None`` to store nothing."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        pending = getattr(request, "page_cache_pending", None)
        if pending is not None and request.method == "GET" and storable(response):
            segments = cut(response.content)
            if segments is not None:
                headers = {
                    name: value
                    for name, value in response.items()
                    if name.lower() not in UNSTORED_HEADERS
                }
                # A page may keep its copy a shorter time (one that shows what expires).
                seconds = getattr(response, "page_cache_seconds", None)
                guarded(lambda: store(*pending, segments, headers, seconds))
        if not response.streaming and "html" in response.get("Content-Type", ""):
            content = unmark(response.content)
            if content is not response.content:
                response.content = content
                if response.has_header("Content-Length"):
                    response["Content-Length"] = str(len(content))
        if hasattr(request, "page_cache_pending"):
            response["X-Cache"] = "miss"
            _private(request, response)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        allowed = getattr(view_func, "league_page_cache", None)
        if allowed is None:
            return None
        # A public page reads only its own parameters: no other is copied into its links
        # or makes a cache entry of its own.
        request.GET = known_query(request.GET)
        if not settings.LEAGUE_PAGE_CACHE_SECONDS:
            return None
        whose = audience(request, allowed)
        if whose is None:
            return None
        key = page_key(request, whose)
        names = page_keys(view_func.league_page_shows, request, view_kwargs)
        found = guarded(lambda: find(key, names))
        if found is None:  # the cache does not answer: render, and store nothing
            request.page_cache_pending = None
            return None
        if found.fresh is not None:
            return _served(request, found.fresh, "hit", key)
        stores = request.method == "GET"
        if guarded(lambda: serve_stale(key, found, stores=stores), False):
            return _served(request, found.stale, "stale", key)
        request.page_cache_pending = (key, found.current)
        # The page's fragments are kept under the same versions (``{% cache %}``).
        request.page_versions = found.current
        return None


def _filled(request, key: str, built_from, segments) -> bytes:
    """The copy with its per-request parts filled in. A visitor who brings no cookie (no
    session, so no message) gets what every such visitor of this address gets: filled once
    per copy and process, not on every hit, where the fill cost 40 % of a hit's CPU."""
    if signed_in(request) or request.COOKIES:
        return fill(segments, request)
    memory = caches["pages"]
    kept = memory.get(f"{key}:filled")
    if kept is not None and kept[0] == built_from:
        return kept[1]
    content = fill(segments, request)
    memory.set(f"{key}:filled", (built_from, content), timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
    return content


def _served(request, entry, state: str, key: str) -> HttpResponse:
    built_from, segments, headers = entry
    response = HttpResponse(_filled(request, key, built_from, segments), headers=headers)
    # The page differs by audience, told by the session cookie: shared caches must keep
    # one copy per cookie.
    patch_vary_headers(response, ("Cookie",))
    response["X-Cache"] = state
    _private(request, response)
    return response
