"""The site's main navigation, built from named URLs, and the page's own address."""

from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django_scopes import scope

from games.models import Session
from games.permissions import can_moderate
from league.caching.page_cache import signed_in
from league.current import active_slug
from league.models import League, role_in
from league.organise.roles import can_organise
from league.site import absolute_url

# The namespaces whose addresses name their league (/en/l/<league>/...).
IN_A_LEAGUE = ("league:", "games:", "feeds:")


# (URL name, label, shown to) -- "all", "user" (logged in) or "anon" (logged out).
NAV = [
    ("leagues", gettext_lazy("Leagues"), "all"),
    ("league:home", gettext_lazy("Home"), "all"),
    ("league:leaderboard", gettext_lazy("Leaderboard"), "all"),
    ("league:standings", gettext_lazy("Standings"), "all"),
    ("league:teams", gettext_lazy("Teams"), "all"),
    ("league:scenarios", gettext_lazy("Scenarios"), "all"),
    ("league:ancient_ones", gettext_lazy("Ancient Ones"), "all"),
    ("league:investigators", gettext_lazy("Investigators"), "all"),
    ("league:heralds", gettext_lazy("Heralds"), "all"),
    ("league:boxes", gettext_lazy("Boxes"), "all"),
    ("league:series_list", pgettext_lazy("navigation", "Series"), "all"),
    ("league:rules", gettext_lazy("Rules"), "all"),
    ("api:openapi-view", gettext_lazy("API"), "all"),
    ("games:new", gettext_lazy("Record a game"), "user"),
    ("games:mine", gettext_lazy("My games"), "user"),
    ("signup", gettext_lazy("Sign up"), "anon"),
]


@lru_cache(maxsize=1024)
def _addresses(prefix: str, urlconf, language: str | None, league_slug: str) -> dict[str, str]:
    # Reversed once per prefix, URLconf, language and league: the navigation is rendered
    # for every request, around a cached page too.
    return {
        name: reverse(name, args=[league_slug] if name.startswith(IN_A_LEAGUE) else [])
        for name, _, _ in NAV
    }


def nav_links(request=None) -> list[dict]:
    # Without a request (the 500 page): the links anyone may follow.
    logged_in = request is not None and signed_in(request)
    path = request.path if request is not None else ""
    addresses = _addresses(get_script_prefix(), get_urlconf(), get_language(), active_slug())
    links = []
    for name, label, audience in NAV:
        if audience == "user" and not logged_in or audience == "anon" and logged_in:
            continue
        url = addresses[name]
        links.append({"url": url, "label": label, "current": path == url})
    return links


def pending_count(request) -> int:
    # The queue page counted them already.
    if getattr(request, "pending_count", None) is None:
        with scope(league=request.league):
            pending = Session.objects.filter(league=request.league).pending()
            request.pending_count = pending.order_by().count()
    return request.pending_count


def nav(request):
    """Built only where it is rendered (lazily): a page's tables are rendered with the
    request too, each running the context processors again."""
    # No league on a request the middleware has not reached (Django's 500 page).
    league = getattr(request, "league", None)
    return {
        # The league the page is about (its links carry its address): the first league on
        # pages outside any league, and on a page rendered before the middleware ran.
        "league": getattr(request, "league", None) or SimpleLazyObject(League.objects.first_league),
        "nav_links": SimpleLazyObject(lambda: nav_links(request)),
        "moderates": lambda: signed_in(request) and can_moderate(request.user, league),
        "pending_count": lambda: pending_count(request),
        "organises": lambda: signed_in(request) and can_organise(request.user, league),
        "may_join": lambda: (
            signed_in(request)
            and getattr(league, "is_public", False)
            and role_in(request.user, league) is None
        ),
    }


def page_url(request):
    # For ``og:url``.
    return {"page_url": absolute_url(request.path, request)}


def fragments(request):
    """What ``{% cache %}`` keys a page's fragments with: the versions the page cache read
    and the language (a fragment holds words). A page read without versions keeps none."""
    versions = getattr(request, "page_versions", None)
    if not versions:
        return {"fragment_seconds": 0, "page_versions": ""}
    return {
        "fragment_seconds": settings.LEAGUE_PAGE_CACHE_SECONDS,
        # The league too: a fragment of one league's page is never another's.
        "page_versions": "|".join((get_language(), str(request.league.pk), *versions)),
    }
