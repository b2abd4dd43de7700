"""Multi-row writes of a finished game: one transaction, all or nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction

from games import rules
from games.models import Box, Seat, Session


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
