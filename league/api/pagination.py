"""Pages of a list answer, bounded so no page number can overflow the database's OFFSET (a
500 on SQLite and PostgreSQL alike); a page past the last one is a 404."""

from __future__ import annotations

from django.utils.translation import gettext as _
from ninja import Field, Schema
from ninja.errors import HttpError
from ninja.pagination import PageNumberPagination

MAX_PAGE_SIZE = 100
# Far beyond any league (a billion pages), yet page × page size stays well inside the
# 64-bit integers both databases take for OFFSET.
MAX_PAGE = 1_000_000_000


class BoundedPagination(PageNumberPagination):
    class Input(Schema):
        page: int = Field(1, ge=1, le=MAX_PAGE, description="Page number, from 1.")
        page_size: int | None = Field(
            None, ge=1, le=MAX_PAGE_SIZE, description="Rows per page (default per endpoint)."
        )

    def __init__(self, page_size: int = MAX_PAGE_SIZE, **kwargs) -> None:
        super().__init__(page_size=page_size, max_page_size=MAX_PAGE_SIZE, **kwargs)

    def paginate_queryset(self, queryset, pagination, request, **params):
        size = pagination.page_size or self.page_size  # the schema bounds it
        count = queryset.count()
        last = max(1, -(-count // size))
        if pagination.page > last:
            missing = _("No page %(page)d: there are %(last)d.")
            raise HttpError(404, missing % {"page": pagination.page, "last": last})
        offset = (pagination.page - 1) * size
        return {"items": queryset[offset : offset + size], "count": count}
