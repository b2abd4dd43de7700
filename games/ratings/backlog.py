"""What a write of games owes the ratings: a note of where the rated history changed.

A write changes the rated history when a game enters or leaves the approved games, or an
approved game changes something the rating reads (date played, Ancient One, victory or
defeat, who sat at the table). The write then adds one ``RatingBacklog`` row naming the
earliest game it touched (its old place or its new one, whichever comes first) and starts
the ratings job, which runs once the write commits and replays forward from there
(``games.ratings.replay``). A new latest game takes the same way: its replay is that one
game. Writes that change nothing the rating reads (a score, a note, a pending game) add
nothing.
"""

from __future__ import annotations

from games.jobs.tasks import ratings_replay_start
from games.models import RatingBacklog, Status
from games.signals import games_changed


def rated_view(facts) -> tuple | None:
    """What the rating reads of a game's facts (``summaries.contribution.GameFacts``), or
    None for a game that is not rated (not approved, or gone)."""
    if facts is None or facts.status != Status.APPROVED:
        return None
    players = frozenset(seat.player_id for seat in facts.seats)
    return (facts.played_on, facts.created_at, facts.ancient_one_id, facts.is_victory, players)


def rated_start(before: dict, after: dict):
    """The earliest place in the rated order these games' change touches, or None."""
    starts = []
    for pk in set(before) | set(after):
        old, new = rated_view(before.get(pk)), rated_view(after.get(pk))
        if old == new:
            continue
        starts += [(view[0], view[1], pk) for view in (old, new) if view is not None]
    return min(starts) if starts else None


def games_written(sender, before, after, **kwargs) -> None:
    """Note that the ratings must be replayed from the change's start, and start the job."""
    start = rated_start(before, after)
    if start is not None:
        played_on, created_at, pk = start
        RatingBacklog.objects.create(played_on=played_on, created_at=created_at, session_id=pk)
        ratings_replay_start()


def connect() -> None:
    games_changed.connect(games_written, dispatch_uid="ratings-games-written")
