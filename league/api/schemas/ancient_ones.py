"""What the API answers about Ancient Ones: their records and score distributions."""

from ninja import Schema

from .games import GameOut
from .rates import TableSizeRecord
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
    box: str
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None
    median_score: float | None
    url: str
    difficulty: RatingOut | None


class AncientOneOut(AncientOneBase):
    outcomes: list[OutcomeCount]


class ScoreCount(Schema):
    score: int
    games: int


class AncientOneDetailOut(AncientOneBase):
    outcome_shares: list[OutcomeShareOut]
    score_distribution: list[ScoreCount]
    by_investigator_count: list[TableSizeRecord]
    top_games: list[GameOut]
