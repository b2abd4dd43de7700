"""What the API answers about league play: teams, scenarios and their boards, series."""

import datetime
from typing import Literal

from ninja import Schema

from .common import PlayerRef
from .common import ScenarioLink as ScenarioRef
from .common import TeamLink as TeamRef
from .players import AncientOneRecord


class TeamStandingOut(TeamRef):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    avg_victory_score: float | None
    scenarios_entered: int
    series_points: int


class TeamSummary(Schema):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None
    scenarios_entered: int
    series_points: int


class TeamEntryOut(Schema):
    game_id: int
    scenario: ScenarioRef
    played_on: datetime.date
    ancient_one: str
    score: int | None
    scenario_score: int | None
    url: str


class TeamDetailOut(Schema):
    team: TeamRef
    season: str | None
    captain: str | None
    members: list[PlayerRef]
    summary: TeamSummary
    by_ancient_one: list[AncientOneRecord]
    entries: list[TeamEntryOut]


class ScenarioOut(ScenarioRef):
    state: Literal["open", "upcoming", "closed"]
    series: str | None
    opens_at: datetime.datetime
    closes_at: datetime.datetime
    entries: int


class BoardEntryOut(Schema):
    rank: int
    game_id: int
    team: TeamRef | None
    players: list[str]
    played_on: datetime.date
    ancient_one: str
    outcome: str
    score: int | None
    tasks_completed: int
    scenario_score: int | None
    submitted_at: datetime.datetime
    url: str


class ScenarioDetailOut(ScenarioOut):
    briefing: str
    ancient_ones: list[str]
    herald: str | None
    boxes_required: list[str]
    boxes_allowed: list[str]
    investigators_min: int
    investigators_max: int
    tasks: list[str]
    board: list[BoardEntryOut]


class SeriesRef(Schema):
    name: str
    slug: str
    url: str


class SeriesScenarioOut(ScenarioRef):
    entries: int


class SeriesTeamOut(TeamRef):
    entries: int
    points: int


class SeriesPlayerOut(PlayerRef):
    entries: int
    points: int


class SeriesDetailOut(SeriesRef):
    description: str
    scenarios: list[SeriesScenarioOut]
    teams: list[SeriesTeamOut]
    players: list[SeriesPlayerOut]
