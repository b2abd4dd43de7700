"""Multi-row writes of a finished game: one transaction, all or nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from simple_history.utils import bulk_create_with_history

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


def sessions_record_many(
    games: Iterable[tuple[Session, Iterable[Box], list[Seat]]], *, user=None
) -> list[Session]:
    """Save many new games at once (an import), each checked as ``session_record`` checks.

    The rows, their history and their box links are written in bulk, a few queries per
    batch instead of a dozen per game; the stored totals, score and seat flags are set
    from ``games.rules`` exactly as ``Session.rescore`` sets them.
    """
    planned = [(session, list(boxes), seats) for session, boxes, seats in games]
    for session, box_list, seats in planned:
        totals = rules.team_totals([seat.as_result() for seat in seats])
        errors = session.result_errors(totals=totals, box_names=[box.name for box in box_list])
        if errors:
            raise ValidationError(errors)
        session.apply_totals(seats)
        for position, (seat, flags) in enumerate(
            zip(seats, session.seat_flags(seats), strict=True), start=1
        ):
            seat.position = position
            seat.first_citizen, seat.players_first_seat = flags
    through = Session.boxes.through
    with transaction.atomic():
        sessions = bulk_create_with_history(
            [session for session, _, _ in planned], Session, default_user=user
        )
        all_seats, links = [], []
        for session, (_, box_list, seats) in zip(sessions, planned, strict=True):
            for seat in seats:
                seat.session = session
                all_seats.append(seat)
            links.extend(through(session_id=session.pk, box_id=box.pk) for box in box_list)
        bulk_create_with_history(all_seats, Seat, default_user=user)
        through.objects.bulk_create(links)
    return sessions
