"""Multi-row writes of a finished game: one transaction, all or nothing.

Changes to a saved game (an edit, a moderator's decision, a withdrawal) lock the game's
row and check, under the lock, that the writer may still do it and saw the current
version: a stale page never overwrites a newer decision.

Anything that must change with a game -- the scenario entry of its team, say -- is
updated here, in the same transaction as the game itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from games import notifications, rules, validation
from games.bulk.rows import links_create, models_create
from games.models import Box, ScenarioTask, Seat, Session, Status
from games.models.seats import SAME_INVESTIGATOR
from games.permissions import (
    can_moderate,
    entry_choosable_by,
    session_editable_by,
    session_withdrawable_by,
)
from games.scenario_entries import (
    entry_group,
    entry_key_of,
    group_of,
    scenario_entries_rebuild,
    scenario_entries_refresh,
)
from games.summaries import tracking
from games.summaries.tracking import active as active_tracker

# What an edit writes: what the result form holds, the stored totals, and the bookkeeping.
# Never the status, the submitter or the submission time: those are not the editor's.
EDITED_FIELDS = [
    *(name for name in Session.RESULT_FIELDS if name not in {"boxes", "tasks_done"}),
    *Session.DERIVED_FIELDS,
    "tasks_completed",
    "entry_key",
    "updated_at",
]


class SessionChanged(Exception):
    """The game moved on (another write, a decision) since the writer saw it."""

    def __init__(self, session: Session, detail: str = ""):
        self.session = session
        if detail:
            message = _("This game changed since you opened it: %(detail)s.") % {"detail": detail}
        else:
            message = _("This game changed since you opened it.")
        super().__init__(message)


def _now(current: Session) -> str:
    """What a game that moved on has become, for ``SessionChanged``."""
    return _("it is now %(status)s") % {"status": current.get_status_display().lower()}


def _check_rules(
    session: Session, box_list: list[Box], seats: list[Seat], task_list: list[ScenarioTask]
) -> None:
    """Raise ``ValidationError`` with every rule the game and its scenario break, by field."""
    totals = rules.team_totals([seat.as_result(session.outcome) for seat in seats])
    endings = [seat.ended for seat in seats]
    # The rules know a box by its English name; the scenario's terms, read in the reader's
    # language like the boxes here, name them in its messages.
    english = [box.name_en for box in box_list]
    errors = validation.merged(
        session.result_errors(totals=totals, box_names=english, endings=endings),
        session.scenario_errors(
            box_names=[box.name for box in box_list],
            investigators=totals.investigators,
            tasks=task_list,
        ),
        session.task_condition_errors(tasks=task_list, totals=totals, endings=endings),
    )
    if errors:
        raise ValidationError(errors)


def _locked(session_id: int) -> Session:
    """The game's current row, locked until the transaction ends (PostgreSQL). The
    summaries' tracker reads the game after this: what it read before the lock could be
    what another writer was changing."""
    return Session.objects.select_for_update().select_related("ancient_one").get(pk=session_id)


def _check_version(current: Session, seen_version: int | None) -> None:
    if seen_version is not None and current.version != seen_version:
        raise SessionChanged(
            current, _("it is now at version %(version)s") % {"version": current.version}
        )


def session_record(
    *,
    session: Session,
    boxes: Iterable[Box],
    seats: list[Seat],
    tasks: Iterable[ScenarioTask] = (),
    editor=None,
    seen_version: int | None = None,
    validated: bool = False,
) -> Session:
    """Save a game with its boxes, seats and scenario tasks, replacing any seats it had.

    Every rule (the game's and its scenario's) is checked before anything is written; a
    failure at any step rolls the whole game back, so no partial rows remain. For an edit
    (``session.pk`` set) the row is locked first; ``editor`` must still be allowed to edit
    it and ``seen_version`` (when given) must still be current, else ``SessionChanged``.
    The scenario entries of the game's team (before and after an edit) are refreshed.

    ``validated``: the game and its seats passed the result form's checks (each field,
    the models' ``clean()``, each investigator once), which are not made again; for
    any other caller they are made here. A new game is written once, seats in bulk.
    """
    box_list, task_list = list(boxes), list(tasks)
    if not validated:
        _validate(session, seats)
    _check_rules(session, box_list, seats, task_list)
    task_list = task_list if session.scenario_id else []
    if session.pk is None:
        with tracking():
            _games_create([(session, box_list, seats, task_list)])
            scenario_entries_refresh(group_of(session))
        return session
    with tracking() as tracker:
        current = _locked(session.pk)
        tracker.add([session.pk])
        if editor is not None and not session_editable_by(current, editor):
            raise SessionChanged(current, _now(current))
        _check_version(current, seen_version)
        # What the editor does not write is taken from the locked row, so the history
        # records the game as it now stands.
        for name in ("status", "submitted_by_id", "created_at", "version"):
            setattr(session, name, getattr(current, name))
        # Drop the old seats first: saving the edited game against them could break a
        # rule (say a game changed to "closed" with the old, fewer gate trophies).
        for seat in Seat.objects.filter(session_id=session.pk):
            seat.delete(rescore=False)
        before = entry_group(session.pk)
        _prepare(session, seats, task_list)
        models_create(Seat, seats)
        # Checked above (``validated`` or ``_validate``); the totals come from the seats.
        session.save(update_fields=EDITED_FIELDS, validated=True)
        session.boxes.set(box_list)
        session.tasks_done.set(task_list)
        scenario_entries_refresh(before, entry_group(session.pk))
    return session


def _validate(session: Session, seats: list[Seat]) -> None:
    """The checks the result form makes of the game and its seats (fields, choices, the
    models' ``clean()``), for a caller that has no form."""
    session.full_clean(exclude=list(Session.DERIVED_FIELDS))
    investigators = [seat.investigator_id for seat in seats]
    if len(set(investigators)) < len(investigators):
        raise ValidationError(SAME_INVESTIGATOR)
    for seat in seats:
        seat.full_clean(exclude=["session"])


def _prepare(session: Session, seats: list[Seat], task_list: list[ScenarioTask]) -> None:
    """Set what a game stores from its seats and tasks before it is written (totals,
    score, tasks count, entry key, seat flags and positions), so it is written once."""
    session.tasks_completed = len(task_list)
    session.entry_key = entry_key_of(session, [seat.player_id for seat in seats])
    session.apply_totals(seats)
    flags = session.seat_flags(seats)
    for position, (seat, flag) in enumerate(zip(seats, flags, strict=True), start=1):
        seat.pk, seat.session, seat.position = None, session, position
        seat.first_citizen, seat.players_first_seat = flag


def _games_create(
    planned: list[tuple[Session, list[Box], list[Seat], list[ScenarioTask]]], *, user=None
) -> list[Session]:
    """Write new games (checked) with their seats, box and task links and history: a few
    queries for any number, one history row a game ("created", with its boxes, by
    ``user`` or the request's). Runs inside ``tracking``: the games count as created."""
    for session, _boxes, seats, task_list in planned:
        _prepare(session, seats, task_list)
    sessions = Session.objects.bulk_create([session for session, *_ in planned])
    history = Session.history.bulk_history_create(sessions, default_user=user) or []
    tracker = active_tracker()
    for session in sessions:
        tracker.add_created(session.pk)
    box_links = Session.boxes.through.objects.bulk_create(
        Session.boxes.through(session_id=session.pk, box_id=box.pk)
        for session, box_list, *_ in planned
        for box in box_list
    )
    # The history of the boxes in play, as simple-history keeps it for a saved game.
    box_history = apps.get_model("games", "HistoricalSession_boxes")
    history_of = {row.id: row for row in history}
    box_history.objects.bulk_create(
        box_history(
            history=history_of[link.session_id],
            id=link.pk,
            session_id=link.session_id,
            box_id=link.box_id,
        )
        for link in box_links
        if link.session_id in history_of
    )
    models_create(Seat, [seat for *_, seats, _ in planned for seat in seats], history_user=user)
    task_links = [(s.pk, task.pk) for s, _, _, tasks in planned for task in tasks]
    links_create(Session.tasks_done.through, task_links, ["session_id", "scenariotask_id"])
    return sessions


def session_moderate(
    *, session_id: int, status: str, seen_version: int | None, moderator, reason: str = ""
) -> Session:
    """Set a game's status as a moderator decided on the version they saw.

    A rejection needs a reason (the submitter reads it on the game page and in the
    e-mail); any other status clears an old one. The submitter hears of an approval or
    rejection by e-mail, sent only once the change is committed.

    Raises ``PermissionError`` for anyone but the game's league's moderators,
    ``ValidationError`` for a rejection without a reason, ``SessionChanged`` when the game
    changed since ``seen_version`` (or no version was given).
    """
    if status not in Status.values:
        raise ValueError(f"Unknown status {status!r}.")
    reason = reason.strip()
    with tracking() as tracker:
        current = _locked(session_id)
        if not can_moderate(moderator, current.league_id):
            raise PermissionError(_("Only moderators approve or reject games."))
        if status == Status.REJECTED and not reason:
            raise ValidationError({"rejection_reason": _("Say why the game is rejected.")})
        tracker.add([session_id])
        if seen_version is None:
            raise SessionChanged(current, _("reload it and decide again"))
        _check_version(current, seen_version)
        changed = current.status != status
        current.status = status
        current.rejection_reason = reason if status == Status.REJECTED else ""
        # Through save() so the change lands in the history.
        current.save(update_fields=["status", "rejection_reason", "updated_at"])
        # The summaries read only the status of these fields: the game need not be read again.
        tracker.rewritten({current.pk: {"status": status}})
        scenario_entries_refresh(group_of(current))
        if changed:
            notifications.status_changed(current)
    return current


def session_withdraw(*, session_id: int, user, seen_version: int | None = None) -> None:
    """Delete a game, if ``user`` may still withdraw it (checked under the row lock)."""
    with tracking() as tracker:
        current = _locked(session_id)
        tracker.add([session_id])
        if not session_withdrawable_by(current, user):
            raise SessionChanged(current, _now(current))
        _check_version(current, seen_version)
        group = entry_group(current.pk)
        current.delete()
        scenario_entries_refresh(group)


def session_entry_sync(session: Session, *, before: tuple[int, str] | None = None) -> None:
    """After the admin saved a game: its tasks count, entry key, scenario score, entries.

    ``before`` is the game's (scenario, entry key) before the edit (``entry_group``).
    """
    with tracking([session.pk]):
        session.tasks_completed = session.tasks_done.count() if session.scenario_id else 0
        players = session.seats.values_list("player_id", flat=True)
        session.entry_key = entry_key_of(session, players)
        session.scenario_score = session.compute_scenario_score()
        Session.objects.filter(pk=session.pk).update(
            tasks_completed=session.tasks_completed,
            entry_key=session.entry_key,
            scenario_score=session.scenario_score,
        )
        scenario_entries_refresh(before, entry_group(session.pk))


def scenario_entry_choose(*, session: Session, user, moment=None) -> Session:
    """Mark ``session`` as its team's entry for its scenario, instead of the best game.

    Refused (``ValidationError``) once the scenario has closed or for a game that is not
    an approved scenario game; ``PermissionDenied`` for anyone but the team's captain,
    the game's submitter or staff allowed to change games.
    """
    if not entry_choosable_by(session, user):
        raise PermissionDenied(
            _("Only the team's captain or the game's submitter choose the entry.")
        )
    moment = moment or timezone.now()
    if not session.scenario_id:
        raise ValidationError(_("Only a scenario game can be an entry."))
    if session.status != Status.APPROVED:
        raise ValidationError(_("Only an approved game can be the entry."))
    if session.scenario.is_closed(moment):
        raise ValidationError(
            _("%(scenario)s has closed: its entries stay as they were.")
            % {"scenario": session.scenario}
        )
    with tracking([session.pk]):
        group = Session.objects.filter(scenario_id=session.scenario_id, entry_key=session.entry_key)
        group.exclude(pk=session.pk).update(entry_chosen=False)
        group.filter(pk=session.pk).update(entry_chosen=True)
        session.entry_chosen = True
        scenario_entries_refresh((session.scenario_id, session.entry_key))
    session.refresh_from_db(fields=["is_entry", "entry_chosen"])
    return session


def sessions_record_many(
    games: Iterable[tuple[Session, Iterable[Box], list[Seat], Iterable[ScenarioTask]]],
    *,
    user=None,
) -> list[Session]:
    """Save many new games at once (an import), each checked and written as
    ``session_record`` writes a new game (``_games_create``: scenario rules judged at each
    game's ``created_at``); then the entries of every scenario they joined are recomputed.
    Raises ``ValidationError`` (nothing written) when any game breaks a rule.
    """
    planned = [
        (session, list(boxes), seats, list(tasks) if session.scenario_id else [])
        for session, boxes, seats, tasks in games
    ]
    for session, box_list, seats, task_list in planned:
        _check_rules(session, box_list, seats, task_list)
    with tracking():
        sessions = _games_create(planned, user=user)
        # One rebuild per scenario touched: a few queries, however many groups it has.
        scenario_entries_rebuild({s.scenario_id for s in sessions if s.scenario_id})
    return sessions
