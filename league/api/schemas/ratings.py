"""What the API answers about ratings (``games.rating_rules``): a rating, a history."""

import datetime

from ninja import Field, Schema

from .common import PlayerRef


class RatingOut(Schema):
    """A rating as the pages show it (see /rules/#rating): rank on ``value``."""

    value: float = Field(
        description="The rating shown and ranked on: for a player the mean of mu over the "
        "latest half of their rated games; for an Ancient One (its difficulty) or a table, mu."
    )
    even_game_chance: float = Field(
        alias="even_chance",
        description="What the value means, 0 to 1: the model's chance to win an even game, "
        "one that a newcomer (mu 25) wins half the time.",
    )
    mu: float = Field(description="The model's latest estimate of the skill.")
    sigma: float = Field(description="The estimate's uncertainty (every rating starts at 8.33).")
    games: int = Field(description="Rated games.")
    provisional: bool = Field(
        description="Too few games, or sigma still above three quarters of its start."
    )


class RatingPointOut(Schema):
    game_number: int
    played_on: datetime.date
    value: float = Field(description="The rating after this game (as RatingOut.value).")
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
