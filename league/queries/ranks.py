"""Ranks and counts of a leaderboard selection without numbering the whole set.

A victory's rank is 1 + the victories of the same selection with a strictly higher
score (equal scores share a rank), so the ranks of any page and the paginator's total
come from the selection's *score ladder*: how many victories it holds at each score, a
few dozen rows however many games there are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count, Sum

from games.models import AncientOne, AncientOneScore
from league.models import League, Season

from .games import LeagueGames


@dataclass(frozen=True)
class ScoreLadder:
    """How many victories of a selection have each score."""

    counts: Mapping[int, int]

    @property
    def total(self) -> int:
        """Victories in the selection (the paginator's count)."""
        return sum(self.counts.values())

    def rank(self, score: int | None) -> int | None:
        """Competition rank of ``score``: 1 + victories with a strictly higher score."""
        if score is None:
            return None
        return 1 + sum(n for other, n in self.counts.items() if other > score)


def _ladder(pairs: Iterable[tuple[int, int]]) -> ScoreLadder:
    return ScoreLadder({score: n for score, n in pairs if n})


def ladder_of(games: LeagueGames) -> ScoreLadder:
    """The ladder of any selection of scored victories, in one grouped query over it."""
    return _ladder(
        games.order_by().values("score").annotate(n=Count("pk")).values_list("score", "n")
    )


def ladder_from_summaries(
    league: League,
    *,
    ancient_one: AncientOne | None = None,
    investigators: int | None = None,
    season: Season | None = None,
) -> ScoreLadder:
    """The ladder of ``league``'s approved victories narrowed only by these, from the
    summary rows."""
    rows = AncientOneScore.objects.in_scope(league, season)
    if ancient_one is not None:
        rows = rows.filter(ancient_one=ancient_one)
    if investigators is not None:
        rows = rows.filter(investigator_count=investigators)
    return _ladder(
        rows.order_by().values("score").annotate(n=Sum("games")).values_list("score", "n")
    )
