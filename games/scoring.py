"""Rescoring stored games after reference data (a doom track) changes."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from games.models import Seat, Session
from games.summaries import tracking

DEFAULT_REASON = "Rescored after a catalog correction"


def sessions_rescore(
    sessions: QuerySet[Session],
    *,
    reason: str = DEFAULT_REASON,
    user=None,
    batch_size: int = 2000,
) -> int:
    """Recompute the stored score of every session in ``sessions``; returns how many changed.

    Works in batches with one prefetch per batch, so it scales to the whole league. Each
    changed game gets a history entry carrying ``reason`` (and ``user``, when known), as
    an edit would: a score never moves silently.
    """
    changed = 0
    ids = list(sessions.order_by("pk").values_list("pk", flat=True))
    fields = [*Session.DERIVED_FIELDS, "updated_at", "version"]
    for start in range(0, len(ids), batch_size):
        with tracking() as tracker:
            # Locked while rescoring, so an edit in between is not overwritten.
            batch = (
                Session.objects.select_for_update(of=("self",))
                .filter(pk__in=ids[start : start + batch_size])
                .select_related("ancient_one")
                .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by()))
            )
            now = timezone.now()
            updates = []
            for session in batch:
                before = session.derived_values()
                session.apply_totals(list(session.seats.all()))
                if session.derived_values() != before:
                    session.updated_at = now
                    session.version += 1
                    updates.append(session)
            if updates:
                tracker.add(session.pk for session in updates)
                Session.objects.bulk_update(updates, fields)
                _record_history(updates, reason=reason, user=user, when=now)
        changed += len(updates)
    return changed


def _record_history(sessions: list[Session], *, reason: str, user, when) -> None:
    """One history entry per game, as ``save()`` would write, in a few bulk inserts.

    simple-history's bulk helper leaves the boxes (a many-to-many) out of the entries, so
    they are copied here too: otherwise the history would show the boxes dropped.
    """
    records = Session.history.bulk_history_create(
        sessions,
        update=True,
        default_user=user,
        default_change_reason=reason,
        default_date=when,
    )
    through = Session.boxes.through
    box_history = Session.history.model._meta.get_field("historicalsession_boxes").related_model
    rows = through.objects.filter(session__in=sessions).values_list("pk", "session_id", "box_id")
    by_session: dict[int, list[tuple[int, int]]] = {}
    for pk, session_id, box_id in rows:
        by_session.setdefault(session_id, []).append((pk, box_id))
    box_history.objects.bulk_create(
        box_history(id=pk, session_id=record.id, box_id=box_id, history=record)
        for record in records
        for pk, box_id in by_session.get(record.id, [])
    )
