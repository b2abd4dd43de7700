"""Ranks and counts of a leaderboard selection without numbering the whole set.

A victory's rank is competition ranking by score: 1 + the number of victories in the same
selection with a strictly higher score, so equal scores share a rank. That depends only on
how many victories the selection holds at each score — its *score ladder* — which has a
few dozen rows however many games there are. The ladder gives the page's ranks (any sort,
any page) and the paginator's total alike.

Two ways to the same ladder:

- ``ladder_from_summaries``: when the selection is only "approved victories" narrowed by
  Ancient One, number of investigators and season, the ``AncientOneScore`` histogram kept
  on write already holds it (one query over at most a few thousand summary rows).
- ``ladder_of``: any other selection (outcome, boxes, dates, player, team) is counted with
  one ``GROUP BY score`` over the filtered games, which the filter bounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count, Sum

from games.models import AncientOne, AncientOneScore
from games.models.summaries import ALL_TIME
from league.models import Season

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
    *,
    ancient_one: AncientOne | None = None,
    investigators: int | None = None,
    season: Season | None = None,
) -> ScoreLadder:
    """The ladder of approved victories narrowed only by these, from the summary rows."""
    rows = AncientOneScore.objects.filter(scope=season.pk if season else ALL_TIME)
    if ancient_one is not None:
        rows = rows.filter(ancient_one=ancient_one)
    if investigators is not None:
        rows = rows.filter(investigator_count=investigators)
    return _ladder(
        rows.order_by().values("score").annotate(n=Sum("games")).values_list("score", "n")
    )
