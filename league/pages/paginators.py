"""Paginators that keep a page a small slice, whatever the address bar says."""

from __future__ import annotations

from django.core.paginator import Paginator

MAX_PER_PAGE = 100  # ``?per_page=`` comes from the address bar: a page stays a small slice


class BoundedPaginator(Paginator):
    """``per_page`` held to 1..``MAX_PER_PAGE``: ``?per_page=-1`` would otherwise make
    every page "empty" (a 500 from django-tables2's fallback) and ``?per_page=10**9`` would
    read the whole table into one page."""

    def __init__(self, object_list, per_page, *args, **kwargs):
        per_page = min(max(int(per_page), 1), MAX_PER_PAGE)
        super().__init__(object_list, per_page, *args, **kwargs)


class KnownCountPaginator(BoundedPaginator):
    """A paginator told its number of rows (e.g. ``TeamStanding.games``), so it never
    runs COUNT(*) over the rows it pages: a page is one bounded, indexed slice."""

    def __init__(self, *args, count, **kwargs):
        super().__init__(*args, **kwargs)
        self.count = max(int(count), 0)  # in place of the cached ``Paginator.count``


def known_count(pagination, count: int):
    """django-tables2's ``pagination`` over ``count`` rows, which no COUNT(*) reads again;
    False (an export: no pages) stays False."""
    return pagination and {**pagination, "paginator_class": KnownCountPaginator, "count": count}
