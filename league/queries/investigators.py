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

from django.db.models import F, FilteredRelation, Q, QuerySet
from django.db.models.functions import Cast, Coalesce

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
from .prepared import prepared_rows
from .prepared_lists import preparable
from .stats import TOP_SHOWN, _numbered, _top_slice, top_games

ENDINGS = ("devoured", "lost", "retired")


def tally_rates() -> dict[str, Cast]:
    """Win % (and its interval) and mean victory score of a tally's columns, per row."""
    return rates(bounds=True)


def investigator_standings(*, season=None, min_games: int = 0) -> QuerySet[Investigator]:
    """Every investigator of the catalog with its record in ``season`` (all time when
    None) and at least ``min_games`` games: one row each, zeros for those never played,
    from the standings rows alone. Built once per process per season and minimum, and
    sorted with SQL compiled once (``league.queries.prepared.preparable``)."""
    return preparable(
        "investigator-standings", _standings_from, scope=scope_of(season), minimum=min_games
    )


def _standings_from(scope: int, minimum: int) -> QuerySet[Investigator]:
    return _standings(scope).filter(games__gte=minimum)


def _standings(scope: int) -> QuerySet[Investigator]:
    row = FilteredRelation("standings", condition=Q(standings__scope=scope))
    numbers = {
        name: Coalesce(F(f"row__{name}"), 0)
        for name in ("games", "victories", "score_sum", *ENDINGS)
    }
    return (
        Investigator.objects.annotate(row=row)
        .annotate(**numbers, best_score=F("row__best_score"))
        .annotate(**tally_rates())
        .select_related("box")
    )


def _records(
    model, investigator: Investigator, season, order: tuple[str, ...], related: tuple[str, ...] = ()
) -> list:
    # A few dozen rows at most, never sorted by a rate: rated as they are read.
    def build(investigator_id: int, scope: int) -> QuerySet:
        return (
            model.objects.filter(scope=scope, investigator_id=investigator_id, games__gt=0)
            .with_rates(bounds=True)
            .select_related(*related)
            .order_by(*order)
        )

    return prepared_rows(
        f"investigator-{model._meta.label}",
        build,
        investigator_id=investigator.pk,
        scope=scope_of(season),
    )


def _summary(investigator_id: int, scope: int) -> QuerySet[Investigator]:
    return _standings(scope).filter(pk=investigator_id)[:1]


def _players(investigator_id: int, scope: int) -> QuerySet[PlayerInvestigator]:
    # Only public players are named (``Player.objects.listed``).
    return (
        PlayerInvestigator.objects.filter(
            scope=scope,
            investigator_id=investigator_id,
            seats__gt=0,
            player__in=Player.objects.listed(),
        )
        .select_related("player")
        .order_by("-seats", "-victories", "player__name")[:TOP_SHOWN]
    )


def _played_with(games, investigator_id: int):
    return games.filter(
        pk__in=Seat.objects.filter(investigator_id=investigator_id).values("session_id")
    )


def _best(investigator_id: int):
    return _top_slice(_played_with(league_games(), investigator_id))


@dataclass
class InvestigatorProfile:
    """What an investigator's page shows, each part one bounded query."""

    summary: Investigator
    by_ancient_one: list
    by_table_size: list
    players: list
    best_games: list[Session]


def investigator_profile(investigator: Investigator, *, season=None) -> InvestigatorProfile:
    mine = {"investigator_id": investigator.pk, "scope": scope_of(season)}
    summary = prepared_rows("investigator-summary", _summary, **mine)[0]
    by_ancient_one = _records(
        InvestigatorAncientOne,
        investigator,
        season,
        order=("-games", "ancient_one__name"),
        related=("ancient_one",),
    )
    by_table_size = _records(
        InvestigatorTableSize, investigator, season, order=("investigator_count",)
    )
    players = prepared_rows("investigator-players", _players, **mine)
    if season is None:  # all time: a fixed shape, read as prepared rows
        best = _numbered(prepared_rows("investigator-best", _best, investigator_id=investigator.pk))
    else:
        best = top_games(_played_with(league_games().in_season(season), investigator.pk))
    return InvestigatorProfile(
        summary=summary,
        by_ancient_one=by_ancient_one,
        by_table_size=by_table_size,
        players=players,
        best_games=best,
    )
