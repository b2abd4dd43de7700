"""What the API answers about heralds and boxes: games with each in play, and without."""

from ninja import Field, Schema

from games.intervals import rated

from .common import Name, Rated


class Without(Schema):
    games: int
    victories: int
    win_pct: float | None
    win_low: float | None
    win_high: float | None
    few_games: bool
    mean_score: float | None


class InPlayOut(Rated):
    without: Without = Field(description="The approved games of the scope without it.")

    @staticmethod
    def resolve_without(row) -> dict:
        return rated(row.games_without, row.victories_without, row.score_sum_without)


class HeraldOut(InPlayOut):
    name: str
    box: Name


class BoxOut(InPlayOut):
    name: str
    slug: str
    kind: str
    year: int | None
