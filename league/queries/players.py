"""Standings (one row per player) and a player's own page, read from summary rows.

Every number here comes from the summaries kept on write (``games.models.summaries``):
a standings page reads one row per player, a player page a few rows per Ancient One,
investigator, teammate and month. Only a player's game history reads games, one page
at a time through the seat index.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import F, FloatField, Prefetch, QuerySet
from django.db.models.functions import Cast, NullIf

from games.models import (
    Player,
    PlayerAncientOne,
    PlayerInvestigator,
    PlayerMonth,
    PlayerStanding,
    PlayerTeammate,
    Seat,
)

from .games import LeagueGames, league_games

# Teammates listed on a player page: the most frequent ones are the interesting ones.
TEAMMATES_SHOWN = 10


def percentage(part: str, whole: str) -> Cast:
    """``part`` as a percentage of ``whole`` (NULL when ``whole`` is 0), as a float."""
    return Cast(F(part) * 100.0 / NullIf(F(whole), 0), FloatField())


def mean_of(total: str, count: str) -> Cast:
    """``total`` divided by ``count`` (NULL when ``count`` is 0), as a float."""
    return Cast(F(total) * 1.0 / NullIf(F(count), 0), FloatField())


def standings(*, season=None) -> QuerySet[PlayerStanding]:
    """Every player's standings row over approved games, all time or in ``season``.

    One summary row per player (bounded by the number of players, whatever the number
    of games), with ``win_pct_value`` and ``avg_victory_score`` annotated to sort on and
    the player's ``name`` and ``slug`` beside the row, as the table and the API show them.
    """
    return (
        PlayerStanding.objects.in_scope(season)
        .with_rates()
        .select_related("player")
        .annotate(name=F("player__name"), slug=F("player__slug"))
    )


@dataclass
class PlayerProfile:
    """Everything a player page shows, each part one query over summary rows."""

    summary: dict[str, Any]
    by_ancient_one: QuerySet
    investigators: QuerySet
    teammates: QuerySet
    months: list[tuple[datetime.date, int, float]]
    games: LeagueGames


def player_summary(player: Player, *, season=None) -> dict[str, Any]:
    """The player's standings row as the page's summary (zeros when they have none)."""
    row = PlayerStanding.objects.in_scope(season).filter(player=player).first()
    if row is None:
        row = PlayerStanding(player=player)
    return row.as_summary("first_citizen_titles")


def monthly_scores(player: Player, *, season=None) -> list[tuple[datetime.date, int, float]]:
    """(month, best victory score, mean victory score) for each month the player won a
    game in, oldest first: one chart point per month however long their history."""
    rows = (
        PlayerMonth.objects.in_scope(season)
        .filter(player=player, victories__gt=0)
        .order_by("month")
        .values_list("month", "best_score", "score_sum", "victories")
    )
    return [(month, best, total / wins) for month, best, total, wins in rows]


def player_profile(player: Player, *, season=None) -> PlayerProfile:
    """The player's record over approved games (within ``season`` when given)."""
    scope = {"player": player}
    by_ancient_one = (
        PlayerAncientOne.objects.in_scope(season)
        .filter(**scope, games__gt=0)
        .values("ancient_one__name", "ancient_one__slug", "games", "victories", "best_score")
        .annotate(
            win_pct=percentage("victories", "games"), mean_score=mean_of("score_sum", "victories")
        )
        .order_by("-games", "ancient_one__name")
    )
    investigators = (
        PlayerInvestigator.objects.in_scope(season)
        .filter(**scope, seats__gt=0)
        .values("investigator__name", "seats", "victories")
        .order_by("-seats", "investigator__name")
    )
    teammates = (
        PlayerTeammate.objects.in_scope(season)
        .filter(**scope, games__gt=0)
        .values("games", "victories", name=F("teammate__name"), slug=F("teammate__slug"))
        .order_by("-games", "teammate__name")[:TEAMMATES_SHOWN]
    )
    # The First Citizen flag comes from each shown game's titled seats, prefetched by game
    # (a handful of rows per page): a correlated EXISTS over the player's seats walks every
    # seat of a busy player on SQLite, and PostgreSQL may hash all of them.
    titled = Seat.objects.filter(first_citizen=True).only("session_id", "player_id")
    history = (
        league_games()
        .in_season(season)
        .played_by(player)
        .select_related("ancient_one")
        .prefetch_related(Prefetch("seats", queryset=titled, to_attr="titled_seats"))
    )
    return PlayerProfile(
        summary=player_summary(player, season=season),
        by_ancient_one=by_ancient_one,
        investigators=investigators,
        teammates=teammates,
        months=monthly_scores(player, season=season),
        games=history,
    )
