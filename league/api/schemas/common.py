"""What several answers share: links to a player, a team or a scenario, the error body,
related rows answered by their name or text, and a win rate as every statistics answer
carries it (the rate, its 95 % Wilson interval and whether it rests on few games).

An answer's schema reads the model objects themselves (django-ninja resolves ``alias``
paths, ``resolve_*`` methods and calls ``get_absolute_url``)."""

from typing import Annotated

from ninja import Field, Schema
from pydantic import BeforeValidator, model_validator

from games.intervals import rated


def _attribute(name: str) -> BeforeValidator:
    return BeforeValidator(lambda row: row if isinstance(row, str) else getattr(row, name))


# A related row (an Ancient One, a box, a herald...) answered by its name; a task by its text.
Name = Annotated[str, _attribute("name")]
Text = Annotated[str, _attribute("text")]


class PlayerRef(Schema):
    name: str
    slug: str


class Link(PlayerRef):  # a row with its page's address
    url: str = Field(alias="get_absolute_url")


class TeamLink(Link):
    pass


class ScenarioLink(Link):
    pass


class ErrorOut(Schema):
    detail: str | dict | list


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
