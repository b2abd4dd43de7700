"""Investigators: every one's record, and one's page, read from the summary rows kept on
write. The list computes the Wilson interval in SQL, so it sorts by the lower bound in the
database; an investigator's page reads plain rows and works its rates out in Python."""

from __future__ import annotations

from copy import copy

from django.db.models import F, FilteredRelation, FloatField, Q, QuerySet
from django.db.models.functions import Cast, Coalesce, NullIf
from django.utils.functional import cached_property

from games.models import (
    Investigator,
    InvestigatorAncientOne,
    InvestigatorStanding,
    InvestigatorTableSize,
    Player,
    PlayerInvestigator,
    Session,
)
from games.models.summaries import rates, scope_of
from games.translation import in_language

from .sides import games_of
from .stats import TOP_SHOWN, top_games

ENDINGS = ("devoured", "lost", "retired")
TALLY = ("games", "victories", "score_sum")


def investigator_standings(league, *, season=None, min_games: int = 0) -> QuerySet[Investigator]:
    """Every investigator with its record in ``season`` of ``league`` (zeros if never
    played) and at least ``min_games`` games."""
    return _standings(scope_of(league, season)).filter(games__gte=min_games)


def with_standing(model, scope: int, *extra: str) -> QuerySet:
    """Every row of the catalog ``model`` with its standings row's tally in ``scope`` (zeros
    when it has none), its best score, win % with its interval and mean victory score."""
    row = FilteredRelation("standings", condition=Q(standings__scope=scope))
    numbers = {name: Coalesce(F(f"row__{name}"), 0) for name in (*TALLY, *extra)}
    return (
        model.objects.annotate(row=row)
        .annotate(**numbers, best_score=F("row__best_score"))
        .annotate(**rates(bounds=True))
    )


def _standings(scope: int) -> QuerySet[Investigator]:
    # How often a seat ended each way, in per cent (what the page shows and downloads).
    shares = {
        f"{ending}_pct_value": Cast(F(ending) * 100.0 / NullIf(F("games"), 0), FloatField())
        for ending in ENDINGS
    }
    return (
        with_standing(Investigator, scope, *ENDINGS)
        .annotate(**shares)
        .select_related("box")
        .annotate(box_name=in_language("box__name"))  # the download's box, translated
    )


def _records(rows: QuerySet, investigator: Investigator, scope: int, *order: str) -> list:
    # A few dozen plain rows: their rates (``Tally.win_pct``, ``mean_score``) and intervals
    # are worked out in Python where they are shown, not built as SQL expressions.
    return list(rows.filter(scope=scope, investigator=investigator, games__gt=0).order_by(*order))


# An investigator's summary: the columns of its standings row.
SUMMARY_NUMBERS = ("games", "victories", "score_sum", "best_score", *ENDINGS)


class InvestigatorProfile:
    """Each part read when first used: a page whose parts come from the fragment cache
    reads only the summary."""

    def __init__(self, investigator: Investigator, league, season=None):
        self.investigator, self.league, self.season = investigator, league, season
        self.scope = scope_of(league, season)

    @cached_property
    def summary(self) -> Investigator:
        row = (
            InvestigatorStanding.objects.filter(investigator=self.investigator, scope=self.scope)
            .values(*SUMMARY_NUMBERS)
            .first()
        )
        summary = copy(self.investigator)
        for name in SUMMARY_NUMBERS:
            setattr(summary, name, row[name] if row else (None if name == "best_score" else 0))
        victories = summary.victories
        summary.avg_victory_score = summary.score_sum / victories if victories else None
        return summary

    @cached_property
    def by_ancient_one(self) -> list[InvestigatorAncientOne]:
        rows = InvestigatorAncientOne.objects.select_related("ancient_one")
        return _records(rows, self.investigator, self.scope, "-games", "ancient_one__name")

    @cached_property
    def by_table_size(self) -> list[InvestigatorTableSize]:
        rows = InvestigatorTableSize.objects.all()
        return _records(rows, self.investigator, self.scope, "investigator_count")

    @cached_property
    def players(self) -> list[PlayerInvestigator]:
        # Only public players are named (``Player.objects.listed``).
        listed = Player.objects.listed(self.league)
        players = (
            PlayerInvestigator.objects.filter(scope=self.scope)
            .filter(investigator=self.investigator, seats__gt=0, player__in=listed)
            .select_related("player")
            .order_by("-seats", "-victories", "player__name")[:TOP_SHOWN]
        )
        return list(players)

    @cached_property
    def best_games(self) -> list[Session]:
        # The league's games with the investigator at the table (one seat a game at most):
        # read through the league's games, not every league's seats of the investigator.
        games = games_of(self.league).in_season(self.season)
        return top_games(games.filter(seats__investigator=self.investigator))


def investigator_profile(investigator: Investigator, league, *, season=None) -> InvestigatorProfile:
    return InvestigatorProfile(investigator, league, season)
