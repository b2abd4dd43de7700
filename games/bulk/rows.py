"""New rows written in bulk with their history (an import's games and seats)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection
from django.db.models import Model
from simple_history.utils import bulk_create_with_history


def copy_works() -> bool:
    """Whether the database takes ``COPY ... FROM STDIN`` (the summaries' bulk upsert)."""
    return connection.vendor == "postgresql"


def models_create(model: type[Model], objs: list[Model], *, history_user=None) -> list[Model]:
    """The rows with their ids, and their history rows ("created", by ``history_user``)."""
    if not objs:
        return objs
    return bulk_create_with_history(objs, model, default_user=history_user)


def links_create(through: type[Model], rows: list[tuple], columns: Sequence[str]) -> None:
    """Rows of a many-to-many table: ``columns`` are the fields' attnames, in ``rows``' order."""
    links = [through(**dict(zip(columns, row, strict=True))) for row in rows]
    through.objects.bulk_create(links)
