"""The installable app (docs/offline.md): its manifest, its service worker and their
addresses. The worker must be served from the site's root, in no language's prefix, so
one script serves every language; its configuration line carries a version hashed from
the files it keeps, and a changed file makes the browser install a new worker."""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils import translation
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.current import active_slug
from league.models import League

WORKER_SOURCE = "js/service-worker.js"
# What every page needs, kept on the phone when the worker installs.
PRECACHED = (
    "css/site.css",
    "vendor/htmx.min.js",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "js/strings.js",
    "js/offline.js",
    "js/offline-queue.js",
    "js/offline-form.js",
    "js/offline-preview.js",
    "js/rules.js",
    "js/result-form.js",
    "js/player-search.js",
    "js/filter-form.js",
    "js/wide-tables.js",
)
THEME_COLOR = "#2f5d50"


def account_key(user) -> str:
    """An opaque key of the signed-in account, empty for a visitor: the service worker
    keeps each account's saved pages and queued games apart by it, without learning who
    the account is."""
    if user is None or not user.is_authenticated:
        return ""
    key = salted_hmac("league.offline.account", f"{user.pk}:{user.get_username()}")
    return key.hexdigest()[:20]


def read_static(path: str) -> bytes:
    found = finders.find(path)
    if not found:
        raise FileNotFoundError(path)
    with open(found, "rb") as file:
        return file.read()


def in_every_language(url_name: str, *args) -> dict[str, str]:
    """The address of ``url_name`` in each of the site's languages."""
    addresses = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            addresses[code] = reverse(url_name, args=args)
    return addresses


# Stands for a league's address in a pattern of addresses (a valid one: a slug).
LEAGUE_MARK = "league-mark"
# The most leagues whose forms a phone's queue is told of (a member plays in a few).
MOST_LEAGUES = 100


def form_pattern() -> str:
    """A regular expression (JavaScript's too) of the result form's address in any league
    and language: one worker serves them all, and names no league (an invitation-only
    league's address is not public)."""
    paths = sorted(set(in_every_language("games:new", LEAGUE_MARK).values()))
    any_league = "[-a-zA-Z0-9_]+"
    alternatives = "|".join(
        re.escape(path).replace(re.escape(LEAGUE_MARK), any_league) for path in paths
    )
    return f"^(?:{alternatives})$"


def member_forms(user) -> list[str]:
    """The result form's addresses, in every language, of the leagues ``user`` plays in
    (and the first league's)."""
    slugs = {active_slug()}
    if user.is_authenticated:
        slugs.update(League.objects.of_user(user).values_list("slug", flat=True)[:MOST_LEAGUES])
    return sorted(
        {path for slug in slugs for path in in_every_language("games:new", slug).values()}
    )


def worker_config() -> dict:
    """The worker's version and the addresses it keeps: hashed from the files' contents,
    so it changes exactly when one of them (or the worker itself) does."""
    digest = hashlib.sha256()
    for name in (WORKER_SOURCE, *PRECACHED):
        digest.update(name.encode() + b"\0" + read_static(name))
    # Also each file's own name: an ES module's import names it so (offline-queue.js).
    # (Not static(""): the production storage has no entry for it.)
    prefix = settings.STATIC_URL
    urls = {static(path) for path in PRECACHED} | {prefix + path for path in PRECACHED}
    return {
        "version": digest.hexdigest()[:16],
        "static": sorted(urls),
        "staticPrefix": prefix,
        "offline": in_every_language("league:offline", active_slug()),
        "language": settings.LANGUAGE_CODE,
        "formPattern": form_pattern(),
        "stringsScript": static("js/strings.js"),
        "queueScript": static("js/offline-queue.js"),
        "token": reverse("offline:token"),
    }


@require_GET
def service_worker(request):
    config = json.dumps(worker_config())
    script = f"const CONFIG = {config};\n" + read_static(WORKER_SOURCE).decode()
    # The browser asks again on every visit; the version inside says whether it changed.
    headers = {"Cache-Control": "no-cache"}
    return HttpResponse(script, content_type="text/javascript; charset=utf-8", headers=headers)


@require_GET
def manifest(request):
    """In the language of ``?lang=`` (the page's: a browser asks for a manifest without
    cookies), else the one LocaleMiddleware found."""
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    with translation.override(language):
        data = {
            "name": _("Arkham League"),
            "short_name": _("Arkham League"),
            "description": _("Record Arkham Horror games at the table, with or without a signal."),
            "lang": translation.get_language(),
            "id": "/",
            "start_url": reverse("leagues"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f7f3ea",
            "theme_color": THEME_COLOR,
            "icons": [
                {
                    "src": static(f"icons/icon-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": "any maskable",
                }
                for size in (192, 512)
            ],
        }
        return JsonResponse(data, content_type="application/manifest+json")


@never_cache
@require_GET
def send_token(request):
    """What the phone asks before sending its queue: a fresh CSRF token, whose session
    this is (the queue sends only the games of the account signed in now), and the result
    form's and log-in page's addresses in every language (landing on one is no game)."""
    signed_in = request.user.is_authenticated
    return JsonResponse(
        {
            "csrf": get_token(request) if signed_in else "",
            "account": account_key(request.user),
            "form": reverse("games:new", args=[active_slug()]),
            "forms": member_forms(request.user),
            "logins": sorted(set(in_every_language("login").values())),
        }
    )


# At the site's root (namespace ``offline``), in no language's prefix: the worker must be
# at the root. The offline page itself is ``league:offline``.
urlpatterns = [
    path("service-worker.js", service_worker, name="worker"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("offline/token/", send_token, name="token"),
]
