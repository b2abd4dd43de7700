"""Heralds and boxes in play, and an Ancient One by table size, read from summary rows.

The games *without* a herald or box are the scope's games (``league_tally``: a sum over a
few hundred ``AncientOneTableSize`` rows) less its row. Intervals are computed in SQL so the
lists sort by the lower bound in the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, FloatField, IntegerField, QuerySet, Sum, Value
from django.db.models.functions import Cast, Coalesce, NullIf

from games.models import AncientOneTableSize, Box, Herald
from games.models.summaries import scope_of, wilson_bounds
from games.translation import in_language

from .investigators import TALLY, with_standing


@dataclass(frozen=True)
class LeagueTally:  # every approved game of a scope: the whole "without" is taken from
    games: int
    victories: int
    score_sum: int

    @property
    def win_pct(self) -> float | None:
        return 100 * self.victories / self.games if self.games else None

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.victories if self.victories else None


def league_tally(league, season=None) -> LeagueTally:
    sums = AncientOneTableSize.objects.in_scope(league, season).aggregate(
        **{name: Coalesce(Sum(name), 0) for name in TALLY}
    )
    return LeagueTally(**sums)


def _in_play(model, league, season, total: LeagueTally | None) -> QuerySet:
    total = league_tally(league, season) if total is None else total
    without = {
        f"{name}_without": Value(getattr(total, name), output_field=IntegerField()) - F(name)
        for name in TALLY
    }
    ratio = Cast(F("victories_without") * 100.0 / NullIf(F("games_without"), 0), FloatField())
    mean = Cast(F("score_sum_without") * 1.0 / NullIf(F("victories_without"), 0), FloatField())
    rows = with_standing(model, scope_of(league, season)).annotate(**without)
    return rows.annotate(
        win_pct_without=ratio,
        avg_victory_score_without=mean,
        **wilson_bounds(
            "victories_without", "games_without", low="win_low_without", high="win_high_without"
        ),
    )


def herald_standings(league, *, season=None, total: LeagueTally | None = None) -> QuerySet[Herald]:
    herald = _in_play(Herald, league, season, total).select_related("box")
    return herald.annotate(box_name=in_language("box__name"))  # the download's box, translated


def box_standings(league, *, season=None, total: LeagueTally | None = None) -> QuerySet[Box]:
    return _in_play(Box, league, season, total)


def ancient_one_by_table_size(ancient_one, league, *, season=None) -> QuerySet[AncientOneTableSize]:
    return (
        AncientOneTableSize.objects.in_scope(league, season)
        .filter(ancient_one=ancient_one, games__gt=0)
        .with_rates(bounds=True)
        .order_by("investigator_count")
    )
