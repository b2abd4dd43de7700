"""Standings (one row per player) and a player's own page, read from summary rows.

Every number here comes from the summaries kept on write (``games.models.summaries``):
a standings page reads one row per player, a player page a few rows per Ancient One,
investigator, teammate and month (``sides.PLAYERS``). Only a player's game history reads
games, one page at a time through the seat index.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import F, QuerySet, Subquery
from django.utils.functional import SimpleLazyObject

from games.models import (
    Player,
    PlayerInvestigator,
    PlayerMonth,
    PlayerStanding,
    PlayerTeammate,
    RatingState,
)

from .ratings import with_rating
from .sides import PLAYERS, Profile

# Teammates listed on a player page: the most frequent ones are the interesting ones.
TEAMMATES_SHOWN = 10


def standings(league, *, season=None) -> QuerySet[PlayerStanding]:
    """Every player's standings row over ``league``'s approved games, all time or in
    ``season`` (``league`` None: the board of every public league).

    One summary row per player (bounded by the number of players, whatever the number
    of games), with ``win_pct_value`` and ``avg_victory_score`` annotated to sort on and
    the player's ``name`` and ``slug`` beside the row, as the table and the API show them.
    The player's rating (all time, whatever the season) comes along from its stored row:
    ``rating`` (the conservative value), ``rating_sigma`` and ``rating_games``, empty for a
    player not rated yet.
    """
    return (
        PlayerStanding.objects.in_scope(league, season)
        .with_rates()
        .select_related("player")
        .annotate(
            name=F("player__name"),
            slug=F("player__slug"),
            rating=F("player__rating__value"),
            rating_mu=F("player__rating__mu"),
            rating_sigma=F("player__rating__sigma"),
            rating_games=F("player__rating__games"),
            # When the ratings were brought up to date, on every row: the page says so
            # without a query of its own.
            ratings_as_of=Subquery(RatingState.objects.values("as_of")[:1]),
        )
    )


def public_player(slug: str, league) -> Player | None:
    """The public player of this address in ``league`` (one with an approved game there),
    with their rating; None for anyone else."""
    return with_rating(Player.objects.listed(league)).filter(slug=slug).first()


@dataclass
class PlayerProfile(Profile):
    """Everything a player page shows, each part one query over summary rows."""

    investigators: QuerySet
    teammates: QuerySet
    months: SimpleLazyObject  # list[tuple[datetime.date, int, float]], read when used


def monthly_scores(
    player: Player, league, *, season=None
) -> list[tuple[datetime.date, int, float]]:
    """(month, best victory score, mean victory score) for each month the player won a
    game in, oldest first: one chart point per month however long their history."""
    rows = (
        PLAYERS.rows(PlayerMonth, player, league, season)
        .filter(victories__gt=0)
        .order_by("month")
        .values_list("month", "best_score", "score_sum", "victories")
    )
    return [(month, best, total / wins) for month, best, total, wins in rows]


def player_profile(player: Player, league, *, season=None) -> PlayerProfile:
    """The player's record over ``league``'s approved games (within ``season`` when given)."""
    investigators = (
        PLAYERS.rows(PlayerInvestigator, player, league, season)
        .filter(seats__gt=0)
        .values("investigator__name", "seats", "victories")
        .order_by("-seats", "investigator__name")
    )
    teammates = (
        PLAYERS.rows(PlayerTeammate, player, league, season)
        .filter(games__gt=0)
        .values("games", "victories", name=F("teammate__name"), slug=F("teammate__slug"))
        .order_by("-games", "teammate__name")[:TEAMMATES_SHOWN]
    )
    history = (
        PLAYERS.games(player, league, season).select_related("ancient_one").with_titles_of(player)
    )
    return PlayerProfile(
        summary=PLAYERS.summary(player, league, season),
        by_ancient_one=PLAYERS.by_ancient_one(player, league, season),
        games=history,
        investigators=investigators,  # read where shown, as the record by Ancient One
        teammates=teammates,
        # Read where the chart and its table are shown: not by the API, nor when the
        # page's summaries come from the fragment cache.
        months=SimpleLazyObject(lambda: monthly_scores(player, league, season=season)),
    )
