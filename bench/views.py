"""Pages for benchmarks, to compare the league's pages with what Django alone costs.

Served only when ``LEAGUE_BENCH_VIEWS`` is on (``make loadtest`` sets it for its own
server, ``bench_pages`` for its in-process requests); everywhere else they are a 404.
Neither touches the database.

* ``bare``: about 20 KB of fixed HTML, like a league page: Django's request cycle alone.
* ``reference``: a Django template of a 50-row × 8-column table of links inside the
  site's layout (``base.html``), the yardstick of a cache miss: a league page that
  renders a table should cost little more than this (``bench_pages`` prints each page's
  CPU as a multiple of it).
"""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render

PARAGRAPH = "<p>" + "The stars are right and the gates of Arkham stand open. " * 6 + "</p>\n"
BARE_PAGE = (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Bare page</title>'
    "</head><body><main>\n" + PARAGRAPH * 60 + "</main></body></html>\n"
)

REFERENCE_ROWS = 50
REFERENCE_COLUMNS = 8
REFERENCE_HEADERS = [f"Column {number}" for number in range(1, REFERENCE_COLUMNS + 1)]
# (address, text) per cell: what a league table's link cells hold.
REFERENCE_TABLE = [
    [(f"/players/player-{row}-{column}/", f"Player {row}.{column}") for column in range(1, 9)]
    for row in range(1, REFERENCE_ROWS + 1)
]


def _bench_views_on() -> None:
    if not settings.LEAGUE_BENCH_VIEWS:
        raise Http404("Benchmark views are off.")


def bare(request, **kwargs):
    """The same ~20 KB of HTML every time."""
    _bench_views_on()
    return HttpResponse(BARE_PAGE)


def reference(request, **kwargs):
    """A 50 × 8 table of links rendered by a Django template inside ``base.html``."""
    _bench_views_on()
    context = {"headers": REFERENCE_HEADERS, "rows": REFERENCE_TABLE}
    return render(request, "bench/reference.html", context)
