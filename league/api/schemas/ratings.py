"""What the API answers about ratings (``games.rating_rules``): a rating, a history."""

import datetime

from ninja import Schema

from .common import PlayerRef


class RatingOut(Schema):
    """A rating as the pages show it: ``value`` is μ − 3σ (sort on it)."""

    value: float
    mu: float
    sigma: float
    games: int
    provisional: bool


class RatingPointOut(Schema):
    game_number: int
    played_on: datetime.date
    value: float
    mu: float
    sigma: float


class PlayerRatingOut(Schema):
    player: PlayerRef
    rating: RatingOut | None
    as_of: datetime.datetime | None
    history: list[RatingPointOut]


class TableRatingOut(Schema):
    players: int
    rating: RatingOut


class RatingsOut(Schema):
    as_of: datetime.datetime | None
    model: str
    provisional_below_games: int
    tables: list[TableRatingOut]
