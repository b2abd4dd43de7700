"""Rescoring stored games after reference data (a doom track) changes."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Prefetch, QuerySet

from games.models import Seat, Session


def sessions_rescore(sessions: QuerySet[Session], *, batch_size: int = 2000) -> int:
    """Recompute the stored score of every session in ``sessions``; returns how many changed.

    Works in batches with one prefetch per batch, so it scales to the whole league.
    """
    changed = 0
    ids = list(sessions.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), batch_size):
        batch = (
            Session.objects.filter(pk__in=ids[start : start + batch_size])
            .select_related("ancient_one")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by()))
        )
        updates = []
        for session in batch:
            before = session.derived_values()
            session.apply_totals(list(session.seats.all()))
            if session.derived_values() != before:
                updates.append(session)
        with transaction.atomic():
            Session.objects.bulk_update(updates, Session.DERIVED_FIELDS)
        changed += len(updates)
    return changed
