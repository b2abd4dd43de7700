"""A bare page for load tests: what Django alone costs, to compare the league's pages with.

Served only when ``LEAGUE_BENCH_VIEWS`` is on (``make loadtest`` sets it for its own
server); everywhere else it is a 404. About 20 KB, like a league page, and it touches
no database.
"""

from django.conf import settings
from django.http import Http404, HttpResponse

PARAGRAPH = "<p>" + "The stars are right and the gates of Arkham stand open. " * 6 + "</p>\n"
BARE_PAGE = (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Bare page</title>'
    "</head><body><main>\n" + PARAGRAPH * 60 + "</main></body></html>\n"
)


def bare(request):
    """The same ~20 KB of HTML every time."""
    if not settings.LEAGUE_BENCH_VIEWS:
        raise Http404("Load-test views are off.")
    return HttpResponse(BARE_PAGE)
