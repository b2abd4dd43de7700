"""Public pages cached for visitors and members, under the versions of what they show.

``page_cached(view, shows=KIND)`` marks a view (in the URLconf); ``PageCacheMiddleware``
serves and stores it. An entry is kept under a key made of the scheme, host, path, sorted
query string and audience, with the versions it was built from: every page's
(``league:v:all``) and its subject's -- the lists, a player, a season's standings, ...
(``league.caching.subjects``). They are read before the page is rendered, in the same
``get_many`` as the page, and it is served as a hit only while they are still the
versions, so a committed write retires just the pages showing what it changed
(``league.caching.versions``, ``league.caching.invalidation``). A per-process memory layer
saves the shared cache sending the page at all, and a stale page is rendered again by one
request while the others get the copy they had, for at most ``LEAGUE_PAGE_STALE_SECONDS``
(``league.caching.copies``).

What differs per request (the body tag's CSRF header, the navigation, the messages) is cut
out before a page is stored and rendered again for every request, a hit too
(``league.caching.fills``): a member's name, links, Pending (N) count and CSRF token never
sit under a shared key. The audience -- visitor or member -- is part of the key, since some
bodies offer members a link ("Create a team"); a page whose body is one member's own (a
game with its Edit and Approve buttons, a team its captain manages) is marked
``page_cached(view, members=False)`` and rendered afresh for every member. Answers to
members, and to a visitor shown a message, say ``Cache-Control: private``: a shared proxy
must keep none of them.

Never exports (``?_export=``). Only 200 answers that vary on nothing but Cookie, set no
cookie but the session's, CSRF and messages ones (all three live in the filled parts), and
carry no CSRF token outside the filled parts are stored.

The middleware sits above the session, CSRF and messages middleware so it sees the cookies
they set; headers those and the security middleware add are added again on every hit
(Content-Security-Policy has no nonce, so a cached page is valid under it).
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from league.caching import copies
from league.caching.fills import cut, fill, unmark
from league.caching.nav_facts import prefetch_with_nav, read_with_nav, signed_in
from league.caching.subjects import LISTS, page_keys

# Request attribute: (key, version names, versions) a miss renders under, for storing.
_PENDING = "_league_page_cache"
# Request attribute: the page's address (scheme, host, path, query, htmx), read once.
_ADDRESS = "_league_page_address"
# Request attribute: a cacheable page rendered without the cache, which did not answer.
_UNCACHED = "_league_page_uncached"
EXPORT_PARAMETER = "_export"
# Vary values the cache key (audience, htmx) and the filled parts already cover.
COVERED_VARY = {"cookie", "accept-encoding"}
# Headers not kept with a page: set per response (the length changes with the fills).
UNSTORED_HEADERS = {"set-cookie", "x-cache", "content-length", "cache-control"}
VISITOR, MEMBER = "visitor", "member"


def page_cached(view, *, members: bool = True, shows: str = LISTS):
    """Mark ``view`` as a public page ``PageCacheMiddleware`` may cache; ``members=False``
    when its body differs from one member to another (cached for visitors only); ``shows``:
    the kind of subject it shows (``league.caching.subjects``; by default the lists, which
    every public game write retires)."""
    view.league_page_cache = MEMBER if members else VISITOR
    view.league_page_shows = shows
    return view


def _address(request) -> str:
    address = getattr(request, _ADDRESS, None)
    if address is None:
        query = urlencode(sorted(request.GET.lists()), doseq=True)
        htmx = "hx" if request.headers.get("HX-Request") == "true" else ""
        address = f"{request.scheme}://{request.get_host()}{request.path}?{query}|{htmx}"
        setattr(request, _ADDRESS, address)
    return address


def page_key(request, audience: str = VISITOR) -> str:
    """The cache key of this page: scheme, host, path, sorted query, htmx or not, audience."""
    address = _address(request)
    if audience != VISITOR:
        address += f"|{audience}"
    return "league:page:" + hashlib.sha256(address.encode()).hexdigest()


def audience(request, allowed: str) -> str | None:
    """Whose shared copy of the page this request gets (and fills); ``None``: none."""
    if request.method not in ("GET", "HEAD") or EXPORT_PARAMETER in request.GET:
        return None
    if not signed_in(request):  # from the cached facts: no user row read on a hit
        return VISITOR
    return MEMBER if allowed == MEMBER else None


def _filled_cookies() -> set[str]:
    return {settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, "messages"}


def storable(response) -> bool:
    """Whether a rendered answer, its per-request parts cut out, may be served to others."""
    if response.status_code != 200 or response.streaming:
        return False
    if set(response.cookies) - _filled_cookies():
        return False
    vary = {value.strip().lower() for value in response.get("Vary", "").split(",")}
    return vary - {""} <= COVERED_VARY


def _private(request, response) -> None:
    """A member's answer, or one that showed a visitor a message, is theirs alone."""
    if signed_in(request) or b'class="messages"' in response.content:
        patch_cache_control(response, private=True)


class PageCacheMiddleware:
    """Serves marked pages from the cache, and stores the ones it rendered on a miss."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        pending = getattr(request, _PENDING, None)
        if pending is not None and request.method == "GET" and storable(response):
            key, names, built_from = pending
            segments = cut(response.content)
            if segments is not None:
                headers = {
                    name: value
                    for name, value in response.items()
                    if name.lower() not in UNSTORED_HEADERS
                }
                copies.store(key, names, built_from, segments, headers)
        if not response.streaming and "html" in response.get("Content-Type", ""):
            _unmark(response)
        if pending is not None or getattr(request, _UNCACHED, False):
            response["X-Cache"] = "miss"
            _private(request, response)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        seconds = settings.LEAGUE_PAGE_CACHE_SECONDS
        allowed = getattr(view_func, "league_page_cache", None)
        if not seconds or allowed is None:
            return None
        names = page_keys(view_func.league_page_shows, request, view_kwargs)
        if allowed == MEMBER and settings.SESSION_COOKIE_NAME in request.COOKIES:
            # A member's session, facts, the page's versions and page in one call.
            member_key = page_key(request, MEMBER)
            # The page itself only when this process holds no copy: on the database cache
            # a page sent is most of a hit's cost (pickled, base64 in a text column).
            held = copies.held(member_key)
            prefetch_with_nav(request, names if held else [*names, member_key])
        whose = audience(request, allowed)
        if whose is None:
            return None
        key = page_key(request, whose)
        found = copies.find(key, names, get_many=lambda keys: read_with_nav(request, keys))
        if found.current is None:
            # The cache keeps nothing (it does not answer): render, and store nothing.
            setattr(request, _UNCACHED, True)
            return None
        if found.fresh is not None:
            return _served(request, key, found.fresh, "hit")
        if copies.serve_stale(key, found, stores=request.method == "GET"):
            return _served(request, key, found.stale, "stale")
        setattr(request, _PENDING, (key, names, found.current))
        return None


def _plain_visitor(request) -> bool:
    """A visitor with no session and no message: the page's filled parts are the same for
    every such visitor (no CSRF token, no name, no message)."""
    return not set(request.COOKIES) & _filled_cookies() and not signed_in(request)


def _served(request, key: str, entry, state: str) -> HttpResponse:
    _, segments, headers = entry
    if _plain_visitor(request):
        body = copies.ready_for_visitors(key, entry, lambda: fill(segments, request))
    else:
        body = fill(segments, request)
    response = HttpResponse(body, headers=headers)
    # The page differs by audience, told by the session cookie: shared caches must keep
    # one copy per cookie (a visitor's hit need not read the session to say so).
    patch_vary_headers(response, ("Cookie",))
    response["X-Cache"] = state
    _private(request, response)
    return response


def _unmark(response) -> None:
    content = unmark(response.content)
    if content is not response.content:
        response.content = content
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(content))
