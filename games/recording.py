"""Multi-row writes of a finished game: one transaction, all or nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction

from games import notifications, rules
from games.models import Box, Seat, Session, Status


def session_record(*, session: Session, boxes: Iterable[Box], seats: list[Seat]) -> Session:
    """Save a game with its boxes and seats, replacing any seats it had.

    Every rule is checked before anything is written; a failure at any step rolls the
    whole game back, so no partial rows remain.
    """
    box_list = list(boxes)
    totals = rules.team_totals([seat.as_result() for seat in seats])
    errors = session.result_errors(totals=totals, box_names=[box.name for box in box_list])
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        if session.pk:
            # Drop the old seats first: saving the edited game against them could break a
            # rule (say a game changed to "closed" with the old, fewer gate trophies).
            for seat in Seat.objects.filter(session_id=session.pk):
                seat.delete(rescore=False)
        session.save()
        session.boxes.set(box_list)
        for position, seat in enumerate(seats, start=1):
            seat.pk = None
            seat.session = session
            seat.position = position
            seat.save(rescore=False)
        session.rescore()
    return session


def session_moderate(*, session: Session, status: str, reason: str = "") -> Session:
    """Approve, reject or reopen a game; the submitter hears of an approval or rejection.

    A rejection needs a reason (the submitter reads it on the game page and in the
    e-mail); any other status clears an old one. The e-mail goes out only once the
    change is committed.
    """
    reason = reason.strip()
    if status == Status.REJECTED and not reason:
        raise ValidationError({"rejection_reason": "Say why the game is rejected."})
    with transaction.atomic():
        changed = session.status != status
        session.status = status
        session.rejection_reason = reason if status == Status.REJECTED else ""
        session.save(update_fields=["status", "rejection_reason", "updated_at"])
        if changed:
            notifications.status_changed(session)
    return session
