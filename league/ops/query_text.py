"""Control characters never come back from a query string.

A NUL or another C0/C1 control character in ``?q=`` or a filter has no meaning to any page,
and a page that writes it back (a search box, a filter form, a sort link) writes invalid
HTML. They are dropped from every name and value before a view reads ``request.GET``, so
every page, form and link sees the same cleaned text; tabs and line breaks go too (no
query parameter of the site is multi-line).
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


class QueryTextMiddleware:
    """Replaces ``request.GET`` with a copy without control characters, when it has any."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _has_control(request.GET):
            pairs = [
                (CONTROL.sub("", name), CONTROL.sub("", value))
                for name, values in request.GET.lists()
                for value in values
            ]
            request.GET = QueryDict(urlencode(pairs))
        return self.get_response(request)
