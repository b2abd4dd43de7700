"""Investigators: every one's record, and one's page, read from summary rows.

An investigator's numbers are ``InvestigatorStanding`` rows (one per investigator and
scope), its record by Ancient One and by table size ``InvestigatorAncientOne`` and
``InvestigatorTableSize`` rows, its players ``PlayerInvestigator`` rows, all kept on
write (``games.summaries``). Its best games are a bounded slice of the score index.
Win rates carry their 95 % Wilson interval (``games.intervals``): the bounds are
computed per row in SQL, so the list sorts by the lower bound in the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, FilteredRelation, FloatField, Q, QuerySet
from django.db.models.functions import Cast, Coalesce, NullIf

from games.models import (
    Investigator,
    InvestigatorAncientOne,
    InvestigatorTableSize,
    Player,
    PlayerInvestigator,
    Seat,
    Session,
)
from games.models.summaries import rates, scope_of

from .games import league_games
from .stats import TOP_SHOWN, top_games

ENDINGS = ("devoured", "lost", "retired")


def tally_rates() -> dict[str, Cast]:
    """Win % (and its interval) and mean victory score of a tally's columns, per row."""
    return rates(bounds=True)


def investigator_standings(*, season=None, min_games: int = 0) -> QuerySet[Investigator]:
    """Every investigator of the catalog with its record in ``season`` (all time when
    None) and at least ``min_games`` games: one row each, zeros for those never played,
    from the standings rows alone."""
    return _standings(scope_of(season)).filter(games__gte=min_games)


def _standings(scope: int) -> QuerySet[Investigator]:
    row = FilteredRelation("standings", condition=Q(standings__scope=scope))
    numbers = {
        name: Coalesce(F(f"row__{name}"), 0)
        for name in ("games", "victories", "score_sum", *ENDINGS)
    }
    # How often a seat ended each way, in per cent (what the page shows and downloads).
    shares = {
        f"{ending}_pct_value": Cast(F(ending) * 100.0 / NullIf(F("games"), 0), FloatField())
        for ending in ENDINGS
    }
    return (
        Investigator.objects.annotate(row=row)
        .annotate(**numbers, best_score=F("row__best_score"))
        .annotate(**tally_rates(), **shares)
        .select_related("box")
    )


def _records(rows: QuerySet, investigator: Investigator, season, *order: str) -> list:
    # A few dozen rows at most, never sorted by a rate: rated as they are read.
    rows = rows.in_scope(season).filter(investigator=investigator, games__gt=0)
    return list(rows.with_rates(bounds=True).order_by(*order))


@dataclass
class InvestigatorProfile:
    """What an investigator's page shows, each part one bounded query."""

    summary: Investigator
    by_ancient_one: list
    by_table_size: list
    players: list
    best_games: list[Session]


def investigator_profile(investigator: Investigator, *, season=None) -> InvestigatorProfile:
    # Only public players are named (``Player.objects.listed``).
    players = (
        PlayerInvestigator.objects.in_scope(season)
        .filter(investigator=investigator, seats__gt=0, player__in=Player.objects.listed())
        .select_related("player")
        .order_by("-seats", "-victories", "player__name")[:TOP_SHOWN]
    )
    seats = Seat.objects.filter(investigator=investigator).values("session_id")
    return InvestigatorProfile(
        summary=_standings(scope_of(season)).get(pk=investigator.pk),
        by_ancient_one=_records(
            InvestigatorAncientOne.objects.select_related("ancient_one"),
            investigator,
            season,
            "-games",
            "ancient_one__name",
        ),
        by_table_size=_records(
            InvestigatorTableSize.objects.all(), investigator, season, "investigator_count"
        ),
        players=list(players),
        best_games=top_games(league_games().in_season(season).filter(pk__in=seats)),
    )
