"""Ratings as pages and the API show them: the rows ``games.ratings`` keeps (a background
job replays them after each change), never rated per request."""

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
    """A rating as shown: the value ranked on (``rating_rules.rating_value``), the estimate
    μ, its uncertainty σ and games."""

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
    def of(cls, row: Rating) -> RatingShown:
        return cls(row.value, row.mu, row.sigma, row.games)


def rating_of(subject) -> RatingShown | None:
    """A player's or Ancient One's, read with ``select_related("rating")``; None unrated."""
    try:
        return RatingShown.of(subject.rating)
    except ObjectDoesNotExist:
        return None


def ratings_as_of() -> datetime.datetime | None:
    return RatingState.objects.values_list("as_of", flat=True).first()


@dataclass(frozen=True)
class PlayerRating:
    current: RatingShown | None
    # (game number, date, rating after that game, mu, sigma), oldest first
    points: list[tuple[int, datetime.date, float, float, float]]


def with_rating(players: QuerySet[Player]) -> QuerySet[Player]:
    """Players with their rating row and ``ratings_as_of``, in the same query."""
    return players.select_related("rating").annotate(
        ratings_as_of=Subquery(RatingState.objects.values("as_of")[:1])
    )


def player_rating(player: Player) -> PlayerRating:
    """The current rating of a player from ``with_rating``, and its chart: the bounded
    sample kept on the rating row (``rating_rules.chart_sample``)."""
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
    rows = Rating.objects.filter(table_players__isnull=False).order_by("table_players")
    return [(row.table_players, RatingShown.of(row)) for row in rows]
