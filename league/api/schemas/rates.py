"""A win rate as every statistics answer carries it: the rate, its 95 % Wilson interval and
whether it rests on few games (``games.intervals``)."""

from ninja import Field, Schema
from pydantic import model_validator

from games.intervals import rated


class Rated(Schema):  # read from a tally row (games, victories, score sum, best score)
    games: int
    victories: int
    win_pct: float | None = Field(description="Victories per 100 games; null without games.")
    win_low: float | None = Field(description="Lower bound of the 95% Wilson interval, in %.")
    win_high: float | None = Field(description="Upper bound of the 95% Wilson interval, in %.")
    few_games: bool = Field(description="Fewer games than the league marks as enough.")
    mean_score: float | None = Field(description="Mean score of the victories.")
    best_score: int | None

    @model_validator(mode="before")
    @classmethod
    def _rates_in_python(cls, row):
        # The rates as ``games.intervals`` works them out (what the pages show), not the
        # SQL expressions the rows were sorted by.
        vars(row).update(rated(row.games, row.victories, row.score_sum))
        return row


class TableSizeRecord(Rated):
    investigators: int = Field(alias="investigator_count")
