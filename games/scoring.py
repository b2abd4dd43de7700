"""Rescoring stored games after reference data (a doom track) changes.

``sessions_rescore_stored`` reads the totals stored on each game row (the write path keeps
them equal to the seats), so it rescores a million games in seconds. ``sessions_rescore``
recomputes the totals from the seats too: for when seats may have changed behind the
write path's back. Both give the same scores; a changed game gets a history entry with
the reason, as an edit would: a score never moves silently.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_noop

from games import rules
from games.models import Seat, Session
from games.summaries import tracking

# Stored with each history entry, in English; marked so a page can show it translated.
DEFAULT_REASON = gettext_noop("Rescored after a catalog correction")
# What a game's score depends on besides the doom track, as stored on its row.
SCORE_INPUTS = ("outcome", *rules.SCORE_COUNTS)
SCORED = ("scenario", "score", "scenario_score")


def sessions_rescore(
    sessions: QuerySet[Session],
    *,
    reason: str = DEFAULT_REASON,
    user=None,
    batch_size: int = 2000,
) -> int:
    """Recompute the totals and score of ``sessions`` from their seats, a batch at a time;
    returns how many changed."""
    changed = 0
    ids = list(sessions.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), batch_size):
        with tracking() as tracker:
            # Locked while rescoring, so an edit in between is not overwritten.
            batch = (
                Session.objects.select_for_update(of=("self",))
                .filter(pk__in=ids[start : start + batch_size])
                .select_related("ancient_one")
                .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by()))
            )
            updates = []
            for session in batch:
                before = session.derived_values()
                session.apply_totals(list(session.seats.all()))
                if session.derived_values() != before:
                    updates.append(session)
            if updates:
                tracker.add(session.pk for session in updates)
                _save_rescored(updates, Session.DERIVED_FIELDS, reason=reason, user=user)
        changed += len(updates)
    return changed


def _save_rescored(sessions: list[Session], fields, *, reason: str, user) -> None:
    """Write ``fields`` of rescored games, each a new version with one history entry, as
    ``save()`` would, in a few bulk writes. simple-history's bulk helper leaves the boxes
    (a many-to-many) out: without the copy here the history would show them dropped."""
    now = timezone.now()
    for session in sessions:
        session.version += 1
        session.updated_at = now
    Session.objects.bulk_update(sessions, [*fields, "version", "updated_at"])
    records = Session.history.bulk_history_create(
        sessions,
        update=True,
        default_user=user,
        default_change_reason=reason,
        default_date=now,
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


def sessions_rescore_stored(
    sessions: QuerySet[Session],
    *,
    reason: str = DEFAULT_REASON,
    user=None,
    chunk_size: int = 5000,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Recompute the score and scenario score of ``sessions`` from their stored totals;
    returns how many changed. ``progress(games read, games in all)`` after each chunk."""
    games = (
        sessions.order_by("pk")
        .select_related("ancient_one")
        .only(*SCORE_INPUTS, *SCORED, "version", "ancient_one__doom_track", "tasks_completed")
    )
    moved, read = [], 0
    total = sessions.count() if progress is not None else 0
    for read, game in enumerate(games.iterator(chunk_size=chunk_size), start=1):
        before = game.score, game.scenario_score
        game.score = game.compute_score()
        game.scenario_score = game.compute_scenario_score()
        if (game.score, game.scenario_score) != before:
            moved.append((game.pk, game.version, game.score, game.scenario_score))
        if progress is not None and read % chunk_size == 0:
            progress(read, total)
    if progress is not None:
        progress(read, total)
    # One transaction, one upkeep: each chunk's games are read before they are written,
    # and once all are written the summaries take the difference ("minus old, plus new")
    # in bulk, touching only the moved games' rows (``games.summaries``).
    with tracking():
        return sum(
            _write_scores(moved[at : at + chunk_size], reason=reason, user=user)
            for at in range(0, len(moved), chunk_size)
        )


def _write_scores(moved: list[tuple], *, reason: str, user) -> int:
    """Write (pk, version read, score, scenario score) rows; returns how many were written.
    A game whose version moved since it was read (an edit in between) keeps the edit."""
    wanted = {pk: (version, score, scenario) for pk, version, score, scenario in moved}
    # The summaries count victories by score: these games leave their old score's
    # buckets and enter the new ones in the same transaction ("minus old, plus new").
    with tracking(wanted) as tracker:
        games = Session.objects.select_for_update(of=("self",)).filter(pk__in=wanted)
        written = [game for game in games if game.version == wanted[game.pk][0]]
        for game in written:
            _, game.score, game.scenario_score = wanted[game.pk]
        _save_rescored(written, ["score", "scenario_score"], reason=reason, user=user)
        tracker.rewritten(
            {
                game.pk: {"score": game.score, "scenario_score": game.scenario_score}
                for game in written
            }
        )
    return len(written)
