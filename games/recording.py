"""Multi-row writes of a finished game: one transaction, all or nothing.

Anything that must change with a game -- the scenario entry of its team, say -- is
updated here, in the same transaction as the game itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from games import rules, scenario_rules
from games.models import Box, Scenario, ScenarioTask, Seat, Session, Status
from games.models.scenario_play import entry_key_for
from games.permissions import entry_choosable_by


def session_record(
    *,
    session: Session,
    boxes: Iterable[Box],
    seats: list[Seat],
    tasks: Iterable[ScenarioTask] = (),
) -> Session:
    """Save a game with its boxes, seats and scenario tasks, replacing any seats it had.

    Every rule (the game's and its scenario's) is checked before anything is written; a
    failure at any step rolls the whole game back, so no partial rows remain. The
    scenario entries of the game's team (before and after an edit) are refreshed.
    """
    box_list, task_list = list(boxes), list(tasks)
    totals = rules.team_totals([seat.as_result() for seat in seats])
    box_names = [box.name for box in box_list]
    errors = session.result_errors(totals=totals, box_names=box_names)
    more = session.scenario_errors(
        box_names=box_names, investigators=totals.investigators, tasks=task_list
    )
    for field, messages in more.items():
        errors.setdefault(field, []).extend(messages)
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        before = entry_group(session.pk)
        if session.pk:
            # Drop the old seats first: saving the edited game against them could break a
            # rule (say a game changed to "closed" with the old, fewer gate trophies).
            for seat in Seat.objects.filter(session_id=session.pk):
                seat.delete(rescore=False)
        session.tasks_completed = len(task_list) if session.scenario_id else 0
        session.entry_key = _entry_key(session, [seat.player_id for seat in seats])
        session.save()
        session.boxes.set(box_list)
        session.tasks_done.set(task_list if session.scenario_id else [])
        for position, seat in enumerate(seats, start=1):
            seat.pk = None
            seat.session = session
            seat.position = position
            seat.save(rescore=False)
        session.rescore()
        scenario_entries_refresh(before, entry_group(session.pk))
    return session


def session_entry_sync(session: Session, *, before: tuple[int, str] | None = None) -> None:
    """After the admin saved a game: its tasks count, entry key, scenario score, entries.

    ``before`` is the game's (scenario, entry key) before the edit (``entry_group``).
    """
    with transaction.atomic():
        session.tasks_completed = session.tasks_done.count() if session.scenario_id else 0
        players = session.seats.values_list("player_id", flat=True)
        session.entry_key = _entry_key(session, players)
        session.scenario_score = session.compute_scenario_score()
        Session.objects.filter(pk=session.pk).update(
            tasks_completed=session.tasks_completed,
            entry_key=session.entry_key,
            scenario_score=session.scenario_score,
        )
        scenario_entries_refresh(before, entry_group(session.pk))


def session_moderate(*, session: Session, status: str) -> Session:
    """Approve or reject a game; its scenario entries follow in the same transaction."""
    with transaction.atomic():
        session.status = status
        # Through save() so the change lands in the history.
        session.save(update_fields=["status", "updated_at"])
        scenario_entries_refresh(entry_group(session.pk))
    return session


def session_withdraw(*, session: Session) -> None:
    """Delete a game; another game of its team may become the scenario entry."""
    with transaction.atomic():
        group = entry_group(session.pk)
        session.delete()
        scenario_entries_refresh(group)


def scenario_entry_choose(*, session: Session, user, moment=None) -> Session:
    """Mark ``session`` as its team's entry for its scenario, instead of the best game.

    Refused (``ValidationError``) once the scenario has closed or for a game that is not
    an approved scenario game; ``PermissionDenied`` for anyone but the team's captain,
    the game's submitter or staff allowed to change games.
    """
    if not entry_choosable_by(session, user):
        raise PermissionDenied("Only the team's captain or the game's submitter choose the entry.")
    moment = moment or timezone.now()
    if not session.scenario_id:
        raise ValidationError("Only a scenario game can be an entry.")
    if session.status != Status.APPROVED:
        raise ValidationError("Only an approved game can be the entry.")
    if session.scenario.is_closed(moment):
        raise ValidationError(f"{session.scenario} has closed: its entries stay as they were.")
    with transaction.atomic():
        group = Session.objects.filter(scenario_id=session.scenario_id, entry_key=session.entry_key)
        group.exclude(pk=session.pk).update(entry_chosen=False)
        group.filter(pk=session.pk).update(entry_chosen=True)
        session.entry_chosen = True
        scenario_entries_refresh((session.scenario_id, session.entry_key))
    session.refresh_from_db(fields=["is_entry", "entry_chosen"])
    return session


def _entry_key(session: Session, player_ids: Iterable[int]) -> str:
    if not session.scenario_id:
        return ""
    return entry_key_for(team_id=session.team_id, player_ids=player_ids)


def entry_group(pk: int | None) -> tuple[int, str] | None:
    """(scenario, entry key) of a saved game, read from the database."""
    if not pk:
        return None
    row = Session.objects.filter(pk=pk).values_list("scenario_id", "entry_key").first()
    return row if row and row[0] else None


def scenario_entries_refresh(*groups: tuple[int, str] | None) -> None:
    """Store which game is the entry of each (scenario, entry key) group (ruling 9).

    Only approved games submitted before the scenario closed are candidates, so a closed
    scenario's board keeps the games it had.
    """
    for group in {g for g in groups if g}:
        scenario_id, key = group
        games = Session.objects.filter(scenario_id=scenario_id, entry_key=key)
        candidates = [
            scenario_rules.EntryCandidate(pk, score, submitted, chosen)
            for pk, score, submitted, chosen in games.filter(
                status=Status.APPROVED, created_at__lt=_closes_at(scenario_id)
            ).values_list("pk", "scenario_score", "created_at", "entry_chosen")
        ]
        winner = scenario_rules.entry_of(candidates)
        games.filter(is_entry=True).exclude(pk=winner).update(is_entry=False)
        if winner is not None:
            games.filter(pk=winner, is_entry=False).update(is_entry=True)


def _closes_at(scenario_id: int):
    return Scenario.objects.values_list("closes_at", flat=True).get(pk=scenario_id)


def scenario_entries_rebuild(scenario_ids: Iterable[int]) -> int:
    """Recompute every entry of these scenarios at once (bulk loads: the demo league).

    The same ruling 9 as ``scenario_entries_refresh``, grouped in Python from one query
    per scenario; returns the number of entries.
    """
    entries = 0
    for scenario_id in scenario_ids:
        games = Session.objects.filter(scenario_id=scenario_id)
        groups: dict[str, list[scenario_rules.EntryCandidate]] = {}
        rows = games.filter(
            status=Status.APPROVED, created_at__lt=_closes_at(scenario_id)
        ).values_list("entry_key", "pk", "scenario_score", "created_at", "entry_chosen")
        for key, *candidate in rows:
            groups.setdefault(key, []).append(scenario_rules.EntryCandidate(*candidate))
        winners = [scenario_rules.entry_of(candidates) for candidates in groups.values()]
        with transaction.atomic():
            games.filter(is_entry=True).update(is_entry=False)
            games.filter(pk__in=winners).update(is_entry=True)
        entries += len(winners)
    return entries
