"""Standings (one row per player) and a player's own page, aggregated in the database."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import (
    Avg,
    Count,
    Exists,
    F,
    FloatField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.functions import Cast, Coalesce, NullIf

from games.models import Outcome, Player, Seat, Status

from .games import LeagueGames, league_games

# Teammates listed on a player page: the most frequent ones are the interesting ones.
TEAMMATES_SHOWN = 10


def percentage(part: str, whole: str) -> Cast:
    """``part`` as a percentage of ``whole`` (NULL when ``whole`` is 0), as a float."""
    return Cast(F(part) * 100.0 / NullIf(F(whole), 0), FloatField())


def standings(
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    submitted_before: datetime.datetime | None = None,
) -> QuerySet[Player]:
    """Every player with a standings row for approved games played from ``start`` to ``end``
    (and submitted before ``submitted_before``, for a finished season).

    Session-level numbers count each game once even when a player held several seats at it
    (through the stored ``players_first_seat`` flag, so no DISTINCT and no subquery);
    trophies are the player's own, summed over all their seats.
    """
    counted = Q(seats__session__status=Status.APPROVED)
    if start:
        counted &= Q(seats__session__played_on__gte=start)
    if end:
        counted &= Q(seats__session__played_on__lte=end)
    if submitted_before:
        counted &= Q(seats__session__created_at__lt=submitted_before)
    once = counted & Q(seats__players_first_seat=True)
    won = once & ~Q(seats__session__outcome=Outcome.DEFEAT)
    return Player.objects.annotate(
        games=Count("seats", filter=once),
        victories=Count("seats", filter=won),
        # First Citizen is per player, so every seat of a titled player carries the flag.
        first_citizen_titles=Count("seats", filter=won & Q(seats__first_citizen=True)),
        best_score=Max("seats__session__score", filter=won),
        avg_victory_score=Cast(Avg("seats__session__score", filter=won), FloatField()),
        gate_trophies=Coalesce(Sum("seats__gate_trophies", filter=counted), 0),
        monster_trophies=Coalesce(Sum("seats__monster_trophies", filter=counted), 0),
    ).annotate(win_pct=percentage("victories", "games"))


@dataclass
class PlayerProfile:
    """Everything a player page shows, each part one query."""

    summary: dict[str, Any]
    by_ancient_one: QuerySet
    investigators: QuerySet
    teammates: QuerySet
    score_points: list[tuple[datetime.date, int]]
    games: LeagueGames


def player_profile(player: Player, *, season=None) -> PlayerProfile:
    """The player's record over approved games (within ``season`` when given)."""
    games = league_games().in_season(season).played_by(player)
    victory = ~Q(outcome=Outcome.DEFEAT)
    titled = Exists(Seat.objects.filter(session=OuterRef("pk"), player=player, first_citizen=True))
    summary = games.order_by().aggregate(
        games=Count("pk"),
        victories=Count("pk", filter=victory),
        best_score=Max("score"),
        mean_score=Avg("score"),
    )
    # Counted from the player's own seats (indexed by player): an EXISTS per game inside
    # the aggregate above is slow on SQLite at 100k games.
    summary["first_citizen_titles"] = (
        Seat.objects.titles().filter(player=player, session__in=games.values("pk")).count()
    )
    summary["win_pct"] = 100 * summary["victories"] / summary["games"] if summary["games"] else None
    by_ancient_one = (
        games.order_by()
        .values("ancient_one__name", "ancient_one__slug")
        .annotate(
            games=Count("pk"),
            victories=Count("pk", filter=victory),
            best_score=Max("score"),
            mean_score=Avg("score"),
        )
        .annotate(win_pct=percentage("victories", "games"))
        .order_by("-games", "ancient_one__name")
    )
    seats = Seat.objects.filter(player=player, session__in=games.values("pk"))
    investigators = (
        seats.values("investigator__name")
        .annotate(
            seats=Count("pk"), victories=Count("pk", filter=~Q(session__outcome=Outcome.DEFEAT))
        )
        .order_by("-seats", "investigator__name")
    )
    teammates = (
        Seat.objects.filter(session__in=games.values("pk"))
        .exclude(player=player)
        .values("player__name", "player__slug")
        .annotate(
            games=Count("session", distinct=True),
            victories=Count("session", distinct=True, filter=~Q(session__outcome=Outcome.DEFEAT)),
        )
        .order_by("-games", "player__name")[:TEAMMATES_SHOWN]
    )
    score_points = list(
        games.victories().order_by("played_on", "pk").values_list("played_on", "score")
    )
    history = games.select_related("ancient_one").annotate(first_citizen=titled)
    return PlayerProfile(
        summary=summary,
        by_ancient_one=by_ancient_one,
        investigators=investigators,
        teammates=teammates,
        score_points=score_points,
        games=history,
    )
