"""HTTP manners of the API: conditional GETs (ETag, Last-Modified, 304), CORS for GET, the
anonymous rate limit, and pages of a list answer, bounded so no page number can overflow the
database's OFFSET (a 500 on SQLite and PostgreSQL alike); a page past the last one is a 404."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db.models import F
from django.utils.translation import gettext as _
from django.views.decorators.http import condition
from ninja import Field, Query, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError
from ninja.pagination import PageNumberPagination
from ninja.throttling import AnonRateThrottle

from games.models.game_lists import sees_every_game
from league import current, scopes
from league.caching.outage import guarded
from league.caching.versions import league_version, league_version_changed_at
from league.models import League
from league.ops.throttle import client_address

from .schemas.common import ErrorOut

API_PREFIX = "/api/"
MAX_PAGE_SIZE = 100
# Far beyond any league (a billion pages), yet page × page size stays well inside the
# 64-bit integers both databases take for OFFSET.
MAX_PAGE = 1_000_000_000


def league_param():
    return Query(
        None,
        description="The league's slug; by default the site's first league. An unknown "
        "league, or an invitation-only one the caller is not a member of, is a 404.",
        # A league's address as its model allows it: anything else is refused (422)
        # before a query (PostgreSQL refuses a NUL byte in a string).
        max_length=40,
        pattern=r"^[-a-zA-Z0-9_]+$",
    )


def league_of(request, slug: str | None) -> League:
    """``?league=<slug>``, by default the first league; one the caller may not read is a
    404, as its pages are."""
    leagues = League.objects.readable_by(request.user)
    if slug is None:  # ``League.objects.first_league()``, read in the same query
        leagues = leagues.filter(pk__in=League.objects.order_by("pk").values("pk")[:1])
    league = leagues.filter(slug=slug).first() if slug is not None else leagues.first()
    if league is None:
        raise HttpError(404, _("No league is called “%(slug)s”.") % {"slug": slug or ""})
    current.remember(league)
    scopes.enter_league(request, league)  # the rest of the answer reads this league only
    return league


def _version(request) -> str:
    if not hasattr(request, "league_version"):
        request.league_version = league_version()
    return request.league_version


def _changed_at(request, *args, **kwargs):
    return league_version_changed_at(_version(request))


def _etag(request, *args, **kwargs) -> str:
    # The version as this user sees it: moderators and submitters see more games.
    user = request.user
    if sees_every_game(user):
        viewer = "all"
    else:
        viewer = f"user{user.pk}" if user.is_authenticated else "anon"
    # The league version changes with every committed write, pending games included.
    version = f"{_version(request)}|{viewer}"
    return hashlib.sha256(version.encode()).hexdigest()[:32]


# Every read answers 304 when the client's copy (by ETag or date) is still current.
conditional = decorate_view(condition(etag_func=_etag, last_modified_func=_changed_at))


def answers(ok, *, cached: bool = True, missing: bool = False, invalid: bool = True) -> dict:
    """What an endpoint may answer, for its OpenAPI document."""
    codes = {200: ok, 429: ErrorOut}
    if invalid:
        codes[422] = ErrorOut
    if cached:
        codes[304] = None
    if missing:
        codes[404] = ErrorOut
    return codes


def by_lower_bound(rows):
    # The pages' default order: the win rate's lower bound first (never played last).
    return rows.order_by(F("win_low").desc(nulls_last=True), "name", "pk")


def invalid_filters(filterset) -> HttpError:
    reasons = "; ".join(
        f"{name}: {' '.join(messages)}" for name, messages in filterset.errors.items()
    )
    return HttpError(422, reasons)


class BoundedPagination(PageNumberPagination):
    class Input(Schema):
        page: int = Field(1, ge=1, le=MAX_PAGE, description="Page number, from 1.")
        page_size: int | None = Field(
            None, ge=1, le=MAX_PAGE_SIZE, description="Rows per page (default per endpoint)."
        )

    def paginate_queryset(self, queryset, pagination, request, **params):
        size = pagination.page_size or self.page_size  # the schema bounds it
        count = queryset.count()
        last = max(1, -(-count // size))
        if pagination.page > last:
            missing = _("No page %(page)d: there are %(last)d.")
            raise HttpError(404, missing % {"page": pagination.page, "last": last})
        offset = (pagination.page - 1) * size
        return {"items": queryset[offset : offset + size], "count": count}


class AnonymousRateThrottle(AnonRateThrottle):
    """Anonymous callers only; the rate is read per request so a deployment (or a test) can
    change it."""

    def allow_request(self, request) -> bool:
        self.rate = settings.LEAGUE_API_ANON_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)
        # While the cache does not answer, every caller is let through.
        return guarded(lambda: AnonRateThrottle.allow_request(self, request), True)

    def get_cache_key(self, request):
        if request.user.is_authenticated:
            return None
        return super().get_cache_key(request)

    def get_ident(self, request) -> str:
        # ninja's own reads X-Forwarded-For from anyone: a new header per request would
        # be a new caller each time. The site's rule trusts only our proxies.
        return client_address(request)


class ApiCorsMiddleware:
    # Any site may read the API with GET (no cookies cross-origin, so public data only).

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method in ("GET", "HEAD") and request.path.startswith(API_PREFIX):
            response["Access-Control-Allow-Origin"] = "*"
            response["Access-Control-Expose-Headers"] = "ETag, Last-Modified"
        return response
