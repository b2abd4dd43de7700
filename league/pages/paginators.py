"""Paginators for tables whose length a summary row already knows."""

from __future__ import annotations

from django.core.paginator import Paginator

MAX_PER_PAGE = 100  # ``?per_page=`` comes from the address bar: a page stays a small slice


class KnownCountPaginator(Paginator):
    """A paginator told its number of rows (e.g. ``TeamStanding.games``), so it never
    runs COUNT(*) over the rows it pages: a page is one bounded, indexed slice."""

    def __init__(self, object_list, per_page, orphans=0, allow_empty_first_page=True, *, count):
        per_page = min(max(int(per_page), 1), MAX_PER_PAGE)
        super().__init__(object_list, per_page, orphans, allow_empty_first_page)
        self._known_count = max(int(count), 0)

    @property
    def count(self) -> int:
        return self._known_count
