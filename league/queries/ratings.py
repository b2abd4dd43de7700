"""Ratings as pages and the API show them: stored rows, never rated per request.

The ratings are kept by ``games.ratings`` (a background job replays them after each
change to the approved history); here they are read: one row per player or Ancient One,
a bounded sample of a player's points for the chart, and when they were last brought
up to date.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import QuerySet, Subquery

from games import rating_rules as rr
from games.models import Player, Rating, RatingState


@dataclass(frozen=True)
class RatingShown:
    """A rating as shown: the value ranked on (``rating_rules.rating_value``), what it
    means (the chance to win an even game), the estimate μ, its uncertainty σ, games and
    whether it is still provisional."""

    value: float
    mu: float
    sigma: float
    games: int

    @property
    def provisional(self) -> bool:
        return rr.provisional(self.games, settings.LEAGUE_RATING_PROVISIONAL_GAMES, self.sigma)

    @property
    def even_chance(self) -> float:
        return rr.even_chance(self.value)

    @property
    def even_pct(self) -> float:
        return 100 * self.even_chance

    @classmethod
    def of(cls, row: Rating | None) -> RatingShown | None:
        if row is None:
            return None
        return cls(row.value, row.mu, row.sigma, row.games)


def rating_of(subject) -> RatingShown | None:
    """The shown rating of a player or Ancient One read with ``select_related("rating")``."""
    try:
        return RatingShown.of(subject.rating)
    except ObjectDoesNotExist:
        return None


def ratings_as_of() -> datetime.datetime | None:
    """When the ratings were last brought up to date (None: never rated yet)."""
    return RatingState.objects.values_list("as_of", flat=True).first()


@dataclass(frozen=True)
class PlayerRating:
    """A player page's rating: the current one and its history for the chart."""

    current: RatingShown | None
    # (game number, date, rating after that game, mu, sigma), oldest first
    points: list[tuple[int, datetime.date, float, float, float]]


def with_rating(players: QuerySet[Player]) -> QuerySet[Player]:
    """Players with their rating row and when the ratings were last brought up to date
    (``ratings_as_of``), in the same query."""
    return players.select_related("rating").annotate(
        ratings_as_of=Subquery(RatingState.objects.values("as_of")[:1])
    )


def player_rating(player: Player) -> PlayerRating:
    """The player's current rating and its chart: a bounded sample of its history kept on
    the rating row (``games.rating_rules.chart_sample``), so no point is read here. The
    player comes from ``with_rating``."""
    current = rating_of(player)
    if current is None:
        return PlayerRating(None, [])
    history = player.rating.history
    points = [
        (n, datetime.date.fromisoformat(day), value, mu, sigma)
        for (n, day, mu, sigma), value in zip(history, rr.rating_values(history), strict=True)
    ]
    return PlayerRating(current, points)


def table_ratings() -> list[tuple[int, RatingShown]]:
    """The tables' ratings by number of players (1 to 8), smallest first."""
    rows = Rating.objects.filter(table_players__isnull=False).order_by("table_players")
    return [(row.table_players, RatingShown.of(row)) for row in rows]
