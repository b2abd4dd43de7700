"""Whole public pages cached for visitors, under the league version.

``page_cached(view)`` marks a view (in the URLconf); ``PageCacheMiddleware`` serves and
stores it. An entry is ``(version, content, headers)`` under a key made of the scheme,
host, path and sorted query string: it is served only while the league version is still
the one read *before* the page was rendered, so any committed change retires every page at
once (``league.caching.versions``), and one request reads version and page in one cache call.

Only anonymous GETs are served from the cache (a signed-in member's nav and team pages
differ), never exports (``?_export=``), and never to a visitor with pending messages. Only
200 answers that set no cookie and vary on nothing but Cookie are stored: a page that set
the CSRF cookie carries that visitor's token, which must never reach another.

The middleware sits above the session, CSRF and messages middleware so it sees the cookies
they set; headers those and the security middleware add are added again on every hit
(Content-Security-Policy has no nonce, so a cached page is valid under it).
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

from league.caching.versions import VERSION_KEY, league_version_shared

# Request attribute: the (key, version) a miss renders under, for the middleware to store.
_PENDING = "_league_page_cache"
# Request attribute: a cacheable page rendered without the cache, which did not answer.
_UNCACHED = "_league_page_uncached"
EXPORT_PARAMETER = "_export"
# Cookies that mean the page would differ for this visitor (messages waiting to be shown).
PERSONAL_COOKIES = ("messages",)
# Vary values the cache key or the anonymous-only rule already covers.
COVERED_VARY = {"cookie", "accept-encoding"}
# Headers not kept with a page: set per response.
UNSTORED_HEADERS = {"set-cookie", "x-cache"}


def page_cached(view):
    """Mark ``view`` as a public page ``PageCacheMiddleware`` may cache."""
    view.league_page_cache = True
    return view


def page_key(request) -> str:
    """The cache key of this page: scheme, host, path, sorted query, htmx or not."""
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    htmx = "hx" if request.headers.get("HX-Request") == "true" else ""
    address = f"{request.scheme}://{request.get_host()}{request.path}?{query}|{htmx}"
    return "league:page:" + hashlib.sha256(address.encode()).hexdigest()


def servable(request) -> bool:
    """Whether this request may get (and fill) a cached page."""
    return (
        request.method in ("GET", "HEAD")
        and EXPORT_PARAMETER not in request.GET
        and not any(name in request.COOKIES for name in PERSONAL_COOKIES)
        and not request.user.is_authenticated
    )


def storable(response) -> bool:
    """Whether a rendered answer may be served to other visitors."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    vary = {value.strip().lower() for value in response.get("Vary", "").split(",")}
    return vary - {""} <= COVERED_VARY


class PageCacheMiddleware:
    """Serves marked pages from the cache, and stores the ones it rendered on a miss."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        pending = getattr(request, _PENDING, None)
        if pending is None:
            if getattr(request, _UNCACHED, False):
                response["X-Cache"] = "miss"
            return response
        key, version = pending
        if request.method == "GET" and storable(response):
            headers = {
                name: value
                for name, value in response.items()
                if name.lower() not in UNSTORED_HEADERS
            }
            entry = (version, response.content, headers)
            cache.set(key, entry, timeout=settings.LEAGUE_PAGE_CACHE_SECONDS)
        response["X-Cache"] = "miss"
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        seconds = settings.LEAGUE_PAGE_CACHE_SECONDS
        if not seconds or not getattr(view_func, "league_page_cache", False):
            return None
        if not servable(request):
            return None
        key = page_key(request)
        found = cache.get_many([VERSION_KEY, key])
        version = found.get(VERSION_KEY) or league_version_shared()
        if version is None:
            # The cache keeps nothing (it does not answer): render, and store nothing.
            setattr(request, _UNCACHED, True)
            return None
        entry = found.get(key)
        if entry is not None and entry[0] == version:
            _, content, headers = entry
            response = HttpResponse(content, headers=headers)
            response["X-Cache"] = "hit"
            return response
        setattr(request, _PENDING, (key, version))
        return None
