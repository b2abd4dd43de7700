"""Paginators for lists whose length a summary row already knows."""

from __future__ import annotations

from django.core.paginator import Paginator


class KnownCountPaginator(Paginator):
    """A ``Paginator`` told how many items there are (e.g. a player's games, from their
    standings row), so a page costs one bounded slice and no ``COUNT(*)``."""

    def __init__(self, object_list, per_page, *args, count: int, **kwargs):
        super().__init__(object_list, per_page, *args, **kwargs)
        self._known_count = count

    @property
    def count(self) -> int:
        return self._known_count
