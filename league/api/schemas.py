"""What the API answers, field by field (these become the OpenAPI schema)."""

import datetime

from ninja import Schema


class PlayerRef(Schema):
    name: str
    slug: str


class SeatOut(Schema):
    position: int
    player: PlayerRef
    investigator: str
    ended: str
    replaced: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int
    first_citizen: bool


class GameOut(Schema):
    id: int
    played_on: datetime.date
    ancient_one: str
    ancient_one_slug: str
    outcome: str
    defeat_cause: str
    status: str
    score: int | None
    investigators: int
    players: list[str]
    url: str


class ScoreTermOut(Schema):
    label: str
    count: int
    points: int


class TeamLink(Schema):
    name: str
    slug: str
    url: str


class ScenarioLink(Schema):
    name: str
    slug: str
    url: str


class GameDetailOut(GameOut):
    terror_level: int
    elder_signs_played: int
    elder_sign_tokens: int
    boxes: list[str]
    herald: str | None
    guardian: str | None
    location: str
    notes: str
    survivors: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int
    submitted_at: datetime.datetime
    team: TeamLink | None
    scenario: ScenarioLink | None
    tasks: list[str]
    tasks_completed: int
    scenario_score: int | None
    is_entry: bool
    rejection_reason: str
    seats: list[SeatOut]
    score_breakdown: list[ScoreTermOut]


class PlayerOut(Schema):
    name: str
    slug: str
    url: str


class RecordRow(Schema):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None


class AncientOneRecord(RecordRow):
    ancient_one: str
    ancient_one_slug: str


class InvestigatorRecord(Schema):
    investigator: str
    seats: int
    victories: int


class TeammateRecord(Schema):
    name: str
    slug: str
    games: int
    victories: int


class PlayerRecordOut(Schema):
    player: PlayerOut
    season: str | None
    summary: RecordRow
    first_citizen_titles: int
    by_ancient_one: list[AncientOneRecord]
    investigators: list[InvestigatorRecord]
    teammates: list[TeammateRecord]


class StandingOut(Schema):
    name: str
    slug: str
    games: int
    victories: int
    win_pct: float | None
    first_citizen_titles: int
    best_score: int | None
    avg_victory_score: float | None
    gate_trophies: int
    monster_trophies: int


class SeasonOut(Schema):
    name: str
    slug: str
    start: datetime.date
    end: datetime.date


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


class AncientOneOut(AncientOneBase):
    outcomes: list[OutcomeCount]


class ScoreCount(Schema):
    score: int
    games: int


class AncientOneDetailOut(AncientOneBase):
    outcome_shares: list[OutcomeShareOut]
    score_distribution: list[ScoreCount]
    top_games: list[GameOut]


class ErrorOut(Schema):
    detail: str | dict | list
