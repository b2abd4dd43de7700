"""What a query string may bring: no control character, and to a public page only the
parameters it reads.

A control character (tabs and line breaks too) has no meaning to any page, and a page that
writes it back writes invalid HTML: it is dropped before a view reads ``request.GET``. A
parameter no page reads would only be copied into every sort and page link (a 10 KB address
made a 189 KB page) and make a cache entry of its own: the page cache keeps a marked
page's ``request.GET`` to the known names (``known_query``).
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
    # Not the API's: it refuses such a value instead.

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
    if all(known(name) for name in query):
        return query
    return QueryDict(urlencode([(n, v) for n, values in query.lists() if known(n) for v in values]))
