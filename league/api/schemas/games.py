"""What the API answers about games: a game in a list, a game in full with its seats."""

import datetime

from ninja import Field, Schema

from .common import Name, PlayerRef, ScenarioLink, TeamLink, Text


class SeatOut(Schema):
    position: int
    player: PlayerRef
    investigator: Name
    ended: str
    replaced: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int
    first_citizen: bool


class GameOut(Schema):
    id: int
    played_on: datetime.date
    ancient_one: Name
    ancient_one_slug: str = Field(alias="ancient_one.slug")
    outcome: str
    defeat_cause: str
    status: str
    score: int | None
    investigators: int = Field(alias="investigator_count")
    # From prefetched seats, or the light pairs a top list attached.
    players: list[Name] = Field(alias="players_at_table")
    url: str = Field(alias="get_absolute_url")


class ScoreTermOut(Schema):
    label: str
    count: int
    points: int


class GameDetailOut(GameOut):
    terror_level: int
    elder_signs_played: int
    elder_sign_tokens: int
    boxes: list[Name]
    herald: Name | None
    guardian: Name | None
    location: str
    notes: str
    survivors: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int
    submitted_at: datetime.datetime = Field(alias="created_at")
    team: TeamLink | None
    scenario: ScenarioLink | None
    tasks: list[Text] = Field(alias="tasks_done")
    tasks_completed: int
    scenario_score: int | None
    is_entry: bool
    # Only a rejected game has one; the caller sees it only as the game page shows it
    # (to its submitter and moderators: nobody else sees a rejected game).
    rejection_reason: str
    seats: list[SeatOut]
    score_breakdown: list[ScoreTermOut] = Field(alias="breakdown")
