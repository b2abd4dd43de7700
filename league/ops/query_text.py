"""What a query string may bring: no control character, and to a public page only the
parameters it reads.

**Control characters.** A NUL or another C0/C1 control character in ``?q=`` or a filter
has no meaning to any page, and a page that writes it back (a search box, a filter form, a
sort link) writes invalid HTML. They are dropped from every name and value before a view
reads ``request.GET``, so every page, form and link sees the same cleaned text; tabs and
line breaks go too (no query parameter of the site is multi-line).

**Known parameters.** A public page reads its filters, its season, the search box's ``q``
and its tables' sort, page and page size (``sort``, ``page``, ``per_page``, each with a
``<table>-`` prefix where a page has several tables). A parameter none of them reads would
only be copied into every sort and page link (a 10 KB address made a 189 KB page) and make
a cache entry of its own: the page cache keeps a marked page's ``request.GET`` to these
names (``known_query``) before the view reads it.
"""

from __future__ import annotations

import re

from django.http import QueryDict
from django.utils.http import urlencode

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _has_control(query: QueryDict) -> bool:
    return any(
        CONTROL.search(name) or any(CONTROL.search(value) for value in values)
        for name, values in query.lists()
    )


# The JSON API checks every parameter against its schema and refuses a bad one (422).
API_PREFIX = "/api/"


class QueryTextMiddleware:
    """Replaces ``request.GET`` with a copy without control characters, when it has any
    (on the pages: the API refuses such a value instead)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX) and _has_control(request.GET):
            pairs = [
                (CONTROL.sub("", name), CONTROL.sub("", value))
                for name, values in request.GET.lists()
                for value in values
            ]
            request.GET = QueryDict(urlencode(pairs))
        return self.get_response(request)


KNOWN = frozenset(
    {
        # Filters (league.pages.*, django-filter) and pickers.
        "ancient_one",
        "boxes",
        "investigator",
        "investigators",
        "min_games",
        "outcome",
        "played_after",
        "played_before",
        "player",
        "season",
        "team",
        "teammate",
        # The search box, downloads and the series' choice of table to download.
        "q",
        "_export",
        "table",
    }
)
TABLE_PARAMETER = re.compile(r"(?:[a-z]+-)?(?:sort|page|per_page)")


def known(name: str) -> bool:
    return name in KNOWN or TABLE_PARAMETER.fullmatch(name) is not None


def known_query(query: QueryDict) -> QueryDict:
    """``query`` with only the parameters a public page reads (itself when that is all)."""
    if all(known(name) for name in query):
        return query
    return QueryDict(urlencode([(n, v) for n, values in query.lists() if known(n) for v in values]))
