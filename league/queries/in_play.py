"""Heralds and boxes in play, and an Ancient One by table size, read from summary rows.

A herald's or a box's games are its ``HeraldStanding`` / ``BoxStanding`` row; the games
*without* it are the league's games in the same scope less that row. The league's totals
are a sum over ``AncientOneTableSize`` rows (an Ancient One and a table size each: a few
hundred rows at most, whatever the number of games), read once per page. Every rate
carries its 95 % Wilson interval, computed per row in SQL so the lists sort by the lower
bound in the database.
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
class LeagueTally:
    """Every approved game of a scope: the whole that "without" is taken from."""

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
    """``league``'s approved games, victories and victory-score sum in ``season`` (all
    time when None): one aggregate over a few hundred summary rows."""
    sums = AncientOneTableSize.objects.in_scope(league, season).aggregate(
        **{name: Coalesce(Sum(name), 0) for name in TALLY}
    )
    return LeagueTally(**sums)


def _without(total: dict[str, int]) -> tuple[dict, dict]:
    """The same numbers over the games without the row's herald or box, and their rates."""
    numbers = {
        f"{name}_without": Value(total[name], output_field=IntegerField()) - F(name)
        for name in TALLY
    }
    ratio = Cast(F("victories_without") * 100.0 / NullIf(F("games_without"), 0), FloatField())
    mean = Cast(F("score_sum_without") * 1.0 / NullIf(F("victories_without"), 0), FloatField())
    return numbers, {
        "win_pct_without": ratio,
        "avg_victory_score_without": mean,
        **wilson_bounds(
            "victories_without", "games_without", low="win_low_without", high="win_high_without"
        ),
    }


def _in_play(model, league, season, total: LeagueTally | None) -> QuerySet:
    total = league_tally(league, season) if total is None else total
    without, rates_without = _without({name: getattr(total, name) for name in TALLY})
    rows = with_standing(model, scope_of(league, season))
    return rows.annotate(**without).annotate(**rates_without)


def herald_standings(league, *, season=None, total: LeagueTally | None = None) -> QuerySet[Herald]:
    """Every herald of the catalog with its games in ``season`` of ``league`` and the games
    without it."""
    herald = _in_play(Herald, league, season, total).select_related("box")
    return herald.annotate(box_name=in_language("box__name"))  # the download's box, translated


def box_standings(league, *, season=None, total: LeagueTally | None = None) -> QuerySet[Box]:
    """Every box of the catalog with the games it was in play in ``season`` of ``league``,
    and without."""
    return _in_play(Box, league, season, total)


def ancient_one_by_table_size(ancient_one, league, *, season=None) -> QuerySet[AncientOneTableSize]:
    """An Ancient One's approved games in ``league`` by number of investigators, with rates."""
    return (
        AncientOneTableSize.objects.in_scope(league, season)
        .filter(ancient_one=ancient_one, games__gt=0)
        .with_rates(bounds=True)
        .order_by("investigator_count")
    )
