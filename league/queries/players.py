"""Standings (one row per player) and a player's own page, read from the summary rows kept
on write; only a player's game history reads games, a page at a time."""

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
    """Every player's standings row in ``season`` of ``league`` (``league`` None: every
    public league), with the rates to sort on, the player's name and slug, and their rating
    (all time, whatever the season; empty for a player not rated yet)."""
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
    """The public player (one with an approved game in ``league``), with their rating."""
    return with_rating(Player.objects.listed(league)).filter(slug=slug).first()


@dataclass
class PlayerProfile(Profile):
    investigators: QuerySet
    teammates: QuerySet
    months: SimpleLazyObject  # list[tuple[datetime.date, int, float]], read when used


def monthly_scores(
    player: Player, league, *, season=None
) -> list[tuple[datetime.date, int, float]]:
    """(month, best, mean victory score) of each month with a victory, oldest first."""
    rows = (
        PLAYERS.rows(PlayerMonth, player, league, season)
        .filter(victories__gt=0)
        .order_by("month")
        .values_list("month", "best_score", "score_sum", "victories")
    )
    return [(month, best, total / wins) for month, best, total, wins in rows]


def player_profile(player: Player, league, *, season=None) -> PlayerProfile:
    def investigators():
        rows = PLAYERS.rows(PlayerInvestigator, player, league, season).filter(seats__gt=0)
        fields = ("investigator__name", "seats", "victories")
        return rows.values(*fields).order_by("-seats", "investigator__name")

    def teammates():
        rows = PLAYERS.rows(PlayerTeammate, player, league, season).filter(games__gt=0)
        fields = {"name": F("teammate__name"), "slug": F("teammate__slug")}
        ordered = rows.values("games", "victories", **fields).order_by("-games", "teammate__name")
        return ordered[:TEAMMATES_SHOWN]

    history = (
        PLAYERS.games(player, league, season).select_related("ancient_one").with_titles_of(player)
    )
    # Built where shown, as the record by Ancient One (``Side.by_ancient_one``).
    return PlayerProfile(
        summary=PLAYERS.summary(player, league, season),
        by_ancient_one=PLAYERS.by_ancient_one(player, league, season),
        games=history,
        investigators=SimpleLazyObject(investigators),
        teammates=SimpleLazyObject(teammates),
        # Not read by the API either.
        months=SimpleLazyObject(lambda: monthly_scores(player, league, season=season)),
    )
