"""What the API answers about Ancient Ones: their records and score distributions."""

from ninja import Field, Schema

from games import rules

from .common import Name, TableSizeRecord
from .games import GameOut
from .ratings import RatingOut


class OutcomeCount(Schema):
    outcome: str
    games: int


class OutcomeShareOut(Schema):
    label: str
    games: int
    pct: float


class AncientOneBase(Schema):
    name: str
    slug: str
    doom_track: int
    box: Name
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None
    median_score: float | None
    url: str = Field(alias="get_absolute_url")
    # Its rating against the league's players: the higher, the harder to beat.
    difficulty: RatingOut | None


class AncientOneOut(AncientOneBase):  # an Ancient One of ``ancient_one_summaries``
    outcomes: list[OutcomeCount]

    @staticmethod
    def resolve_outcomes(ancient_one) -> list[dict]:
        return [
            {"outcome": outcome, "games": getattr(ancient_one, outcome)}
            for outcome in rules.OUTCOMES
        ]


class ScoreCount(Schema):
    score: int
    games: int


class AncientOneDetailOut(AncientOneBase):
    outcome_shares: list[OutcomeShareOut]
    score_distribution: list[ScoreCount]
    by_investigator_count: list[TableSizeRecord]
    top_games: list[GameOut]
