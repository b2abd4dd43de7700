"""Paginators for lists whose size is already known (from summary rows)."""

from __future__ import annotations

from django.core.paginator import Paginator


class KnownCountPaginator(Paginator):
    """A ``Paginator`` told its total instead of running ``COUNT(*)`` over the list.

    The caller reads the count from summaries kept on write (or one bounded aggregate it
    needed anyway), so a page costs the same however many rows match.
    """

    def __init__(self, object_list, per_page, *, count: int, **kwargs):
        super().__init__(object_list, per_page, **kwargs)
        self._known_count = count

    @property
    def count(self) -> int:
        return self._known_count
