"""Ranks and counts of a leaderboard selection without numbering the whole set: a rank is
1 + the victories with a higher score, so a page's ranks and the paginator's total come from
the selection's *score ladder* (victories per score, a few dozen rows)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count, Sum

from games.models import AncientOne, AncientOneScore
from league.models import League, Season

from .games import LeagueGames


@dataclass(frozen=True)
class ScoreLadder:
    counts: Mapping[int, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def rank(self, score: int | None) -> int | None:
        if score is None:
            return None
        return 1 + sum(n for other, n in self.counts.items() if other > score)


def _ladder(pairs: Iterable[tuple[int, int]]) -> ScoreLadder:
    return ScoreLadder({score: n for score, n in pairs if n})


def ladder_of(games: LeagueGames) -> ScoreLadder:
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
    """The ladder of a selection narrowed only by these, from the summary rows."""
    rows = AncientOneScore.objects.in_scope(league, season)
    if ancient_one is not None:
        rows = rows.filter(ancient_one=ancient_one)
    if investigators is not None:
        rows = rows.filter(investigator_count=investigators)
    return _ladder(
        rows.order_by().values("score").annotate(n=Sum("games")).values_list("score", "n")
    )
