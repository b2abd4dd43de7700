"""What the API answers about games: a game in a list, a game in full with its seats."""

import datetime

from ninja import Schema

from .common import PlayerRef, ScenarioLink, TeamLink


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
