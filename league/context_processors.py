"""The site's main navigation, built from named URLs."""

from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse

from league.caching.nav_facts import signed_in
from league.site import absolute_url

# (URL name, label, shown to) -- "all", "user" (logged in) or "anon" (logged out).
NAV = [
    ("league:home", "Home", "all"),
    ("league:leaderboard", "Leaderboard", "all"),
    ("league:standings", "Standings", "all"),
    ("league:teams", "Teams", "all"),
    ("league:scenarios", "Scenarios", "all"),
    ("league:ancient_ones", "Ancient Ones", "all"),
    ("league:investigators", "Investigators", "all"),
    ("league:heralds", "Heralds", "all"),
    ("league:boxes", "Boxes", "all"),
    ("games:new", "Record a game", "user"),
    ("games:mine", "My games", "user"),
    ("signup", "Sign up", "anon"),
]


@lru_cache(maxsize=8)
def _addresses(prefix: str, urlconf) -> dict[str, str]:
    """Every navigation link's address, reversed once per script prefix and URLconf (a
    member's cached page is wrapped in a navigation built per request)."""
    return {name: reverse(name) for name, _, _ in NAV}


def nav_links(request=None) -> list[dict]:
    """The links for this request; without one (the 500 page) those anyone may follow."""
    logged_in = request is not None and signed_in(request)
    path = request.path if request is not None else ""
    addresses = _addresses(get_script_prefix(), get_urlconf())
    links = []
    for name, label, audience in NAV:
        if audience == "user" and not logged_in or audience == "anon" and logged_in:
            continue
        url = addresses[name]
        links.append({"url": url, "label": label, "current": path == url})
    return links


# Context processors run again for every template rendered with the request, and
# django-tables2's ``{% render_table %}`` renders each table so: a page of four tables
# built the navigation five times. Each request's answers are kept on it.
_KEPT = "_league_context"


def _kept(request, name, make):
    kept = request.__dict__.setdefault(_KEPT, {})
    if name not in kept:
        kept[name] = make()
    return kept[name]


def nav(request):
    # Keyed by whether a member is signed in: a view that signs in then renders gets
    # the member's links.
    links = _kept(request, ("nav_links", signed_in(request)), lambda: nav_links(request))
    return {"nav_links": links}


def page_url(request):
    """The page's absolute address, for ``og:url``: under ``LEAGUE_SITE_URL`` when set."""
    return {"page_url": _kept(request, "page_url", lambda: absolute_url(request.path, request))}
