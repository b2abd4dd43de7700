"""Multi-row writes of a finished game: one transaction, all or nothing.

Changes to a saved game (an edit, a moderator's decision, a withdrawal) lock the game's
row and check, under the lock, that the writer may still do it and saw the current
version: a stale page never overwrites a newer decision.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction

from games import rules
from games.models import Box, Seat, Session, Status
from games.permissions import can_moderate, session_editable_by, session_withdrawable_by

CHANGED_MESSAGE = "This game changed since you opened it"

# What an edit writes: what the result form holds, the stored totals, and the bookkeeping.
# Never the status, the submitter or the submission time: those are not the editor's.
EDITED_FIELDS = [
    *(name for name in Session.RESULT_FIELDS if name != "boxes"),
    *Session.DERIVED_FIELDS,
    "updated_at",
]


class SessionChanged(Exception):
    """The game moved on (another write, a decision) since the writer saw it."""

    def __init__(self, session: Session, detail: str = ""):
        self.session = session
        super().__init__(f"{CHANGED_MESSAGE}{': ' + detail if detail else ''}.")


def _locked(session_id: int) -> Session:
    """The game's current row, locked until the transaction ends (PostgreSQL)."""
    return Session.objects.select_for_update().select_related("ancient_one").get(pk=session_id)


def _check_version(current: Session, seen_version: int | None) -> None:
    if seen_version is not None and current.version != seen_version:
        raise SessionChanged(current, f"it is now at version {current.version}")


def session_record(
    *,
    session: Session,
    boxes: Iterable[Box],
    seats: list[Seat],
    editor=None,
    seen_version: int | None = None,
) -> Session:
    """Save a game with its boxes and seats, replacing any seats it had.

    Every rule is checked before anything is written; a failure at any step rolls the
    whole game back, so no partial rows remain. For an edit (``session.pk`` set) the row
    is locked first; ``editor`` must still be allowed to edit it and ``seen_version``
    (when given) must still be current, else ``SessionChanged``.
    """
    box_list = list(boxes)
    totals = rules.team_totals([seat.as_result() for seat in seats])
    errors = session.result_errors(totals=totals, box_names=[box.name for box in box_list])
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        save_kwargs = {}
        if session.pk:
            current = _locked(session.pk)
            if editor is not None and not session_editable_by(current, editor):
                raise SessionChanged(current, f"it is now {current.get_status_display().lower()}")
            _check_version(current, seen_version)
            # What the editor does not write is taken from the locked row, so the history
            # records the game as it now stands.
            for name in ("status", "submitted_by_id", "created_at", "version"):
                setattr(session, name, getattr(current, name))
            save_kwargs["update_fields"] = EDITED_FIELDS
            # Drop the old seats first: saving the edited game against them could break a
            # rule (say a game changed to "closed" with the old, fewer gate trophies).
            for seat in Seat.objects.filter(session_id=session.pk):
                seat.delete(rescore=False)
        session.save(**save_kwargs)
        session.boxes.set(box_list)
        for position, seat in enumerate(seats, start=1):
            seat.pk = None
            seat.session = session
            seat.position = position
            seat.save(rescore=False)
        session.rescore()
    return session


def session_moderate(
    *, session_id: int, status: str, seen_version: int | None, moderator
) -> Session:
    """Set a game's status as a moderator decided on the version they saw.

    Raises ``PermissionError`` without the moderate permission, ``SessionChanged`` when the
    game changed since ``seen_version`` (or no version was given).
    """
    if status not in Status.values:
        raise ValueError(f"Unknown status {status!r}.")
    if not can_moderate(moderator):
        raise PermissionError("Only moderators approve or reject games.")
    with transaction.atomic():
        current = _locked(session_id)
        if seen_version is None:
            raise SessionChanged(current, "reload it and decide again")
        _check_version(current, seen_version)
        current.status = status
        current.save(update_fields=["status", "updated_at"])
    return current


def session_withdraw(*, session_id: int, user, seen_version: int | None = None) -> None:
    """Delete a game, if ``user`` may still withdraw it (checked under the row lock)."""
    with transaction.atomic():
        current = _locked(session_id)
        if not session_withdrawable_by(current, user):
            raise SessionChanged(current, f"it is now {current.get_status_display().lower()}")
        _check_version(current, seen_version)
        current.delete()
