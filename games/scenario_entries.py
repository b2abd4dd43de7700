"""Which game is a team's entry for a league scenario (ruling 9), stored on the rows
(``is_entry``) by every write that may change it, in its transaction: never worked out
when a board is read."""

from __future__ import annotations

from collections.abc import Iterable

from games import scenario_rules
from games.models import Scenario, Session, Status
from games.models.scenario_play import entry_key_for
from games.summaries import tracking
from games.summaries.tracking import active as active_tracker


def entry_key_of(session: Session, player_ids: Iterable[int]) -> str:
    """The key that groups a scenario game with the same team's (or players') others."""
    if not session.scenario_id:
        return ""
    return entry_key_for(team_id=session.team_id, player_ids=player_ids)


def entry_group(pk: int | None) -> tuple[int, str] | None:
    """(scenario, entry key) of a saved game, read from the database."""
    if not pk:
        return None
    row = Session.objects.filter(pk=pk).values_list("scenario_id", "entry_key").first()
    return row if row and row[0] else None


def group_of(session: Session) -> tuple[int, str] | None:
    """(scenario, entry key) of a game as read or just written (``entry_group`` reads it)."""
    return (session.scenario_id, session.entry_key) if session.scenario_id else None


def scenario_entries_refresh(*groups: tuple[int, str] | None) -> None:
    """Store which game is the entry of each (scenario, entry key) group (ruling 9)."""
    for scenario_id, key in {g for g in groups if g}:
        games = Session.objects.filter(scenario_id=scenario_id, entry_key=key)
        _store_entries(games, _winners(games, scenario_id))


def scenario_entries_rebuild(scenario_ids: Iterable[int]) -> int:
    """Recompute every entry of these scenarios at once (bulk loads: the demo league), one
    query per scenario; returns the number of entries."""
    entries = 0
    for scenario_id in scenario_ids:
        games = Session.objects.filter(scenario_id=scenario_id)
        winners = _winners(games, scenario_id)
        with tracking():
            _store_entries(games, winners)
        entries += len(winners)
    return entries


def _winners(games, scenario_id: int) -> list[int]:
    """The entry of each entry key among ``games``. Only approved games submitted before
    the scenario closed are candidates, so a closed scenario's board keeps its games."""
    closes_at = Scenario.objects.values_list("closes_at", flat=True).get(pk=scenario_id)
    rows = games.filter(status=Status.APPROVED, created_at__lt=closes_at).values_list(
        "entry_key", "pk", "scenario_score", "created_at", "entry_chosen"
    )
    groups: dict[str, list[scenario_rules.EntryCandidate]] = {}
    for key, *candidate in rows:
        groups.setdefault(key, []).append(scenario_rules.EntryCandidate(*candidate))
    return [scenario_rules.entry_of(candidates) for candidates in groups.values()]


def _store_entries(games, winners: list[int]) -> None:
    current = set(games.filter(is_entry=True).values_list("pk", flat=True))
    # Entry flags change by bulk updates: the summaries read the games whose flag flips
    # first (only those: a team's group of games for a scenario can be thousands).
    tracker = active_tracker()
    if tracker is not None:
        tracker.add(current.symmetric_difference(winners))
    games.filter(is_entry=True).exclude(pk__in=winners).update(is_entry=False)
    games.filter(pk__in=winners, is_entry=False).update(is_entry=True)
