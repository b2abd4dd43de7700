"""The league's read-only JSON API (django-ninja), docs at ``/api/docs``: every answer comes
from ``league.queries``, as the pages', so a number never differs between them."""

from csp.decorators import csp_update
from ninja import Swagger

from . import ancient_ones, games, in_play, investigators, league_play, players, ratings
from .http import AnonymousRateThrottle
from .openapi import LeagueAPI

api = LeagueAPI(
    title="Arkham League API",
    version="1",
    description="Read-only results of the league. Pending games are visible only to their "
    "submitter and staff (signed in with the site's session cookie). Anonymous use is "
    "rate-limited per client address (429 past the limit). Game, player, standings and "
    "Ancient One answers are conditional (ETag, Last-Modified: 304 when unchanged).",
    urls_namespace="api",
    # Everything from the package's static files: no CDN, and no call to the online validator.
    docs=Swagger(settings={"validatorUrl": None, "deepLinking": True}),
    docs_url="/docs",
    # The site's CSP holds for the docs page (Swagger UI needs no inline script or eval);
    # only its stylesheet's icons need data: images, nothing else is loosened.
    docs_decorator=csp_update({"img-src": ["data:"]}),
    throttle=[AnonymousRateThrottle("60/m")],
)
# In this order in the document.
for module in (games, players, ancient_ones, investigators, in_play, league_play, ratings):
    api.add_router("", module.router)
