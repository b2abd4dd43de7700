"""What the API answers about league play: teams, scenarios and their boards, series."""

import datetime
from typing import Literal

from ninja import Field, Schema

from .common import Link, Name, PlayerRef, Text
from .common import ScenarioLink as ScenarioRef
from .common import TeamLink as TeamRef
from .players import AncientOneRecord, RecordRow


class TeamStandingOut(TeamRef):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    avg_victory_score: float | None
    scenarios_entered: int
    series_points: int


class TeamSummary(RecordRow):
    scenarios_entered: int
    series_points: int


class TeamEntryOut(Schema):
    game_id: int = Field(alias="pk")
    scenario: ScenarioRef
    played_on: datetime.date
    ancient_one: Name
    score: int | None
    scenario_score: int | None
    url: str = Field(alias="get_absolute_url")


class TeamDetailOut(Schema):
    team: TeamRef
    season: str | None
    captain: Name | None
    members: list[PlayerRef]
    summary: TeamSummary
    by_ancient_one: list[AncientOneRecord]
    entries: list[TeamEntryOut]


class ScenarioOut(ScenarioRef):  # read from a scenario the API gave its ``state``
    state: Literal["open", "upcoming", "closed"]
    series: str | None
    opens_at: datetime.datetime
    closes_at: datetime.datetime
    entries: int

    @staticmethod
    def resolve_series(scenario) -> str | None:
        return scenario.series.slug if scenario.series else None


class BoardEntryOut(Schema):
    rank: int
    game_id: int = Field(alias="pk")
    team: TeamRef | None
    players: list[Name] = Field(alias="players_at_table")
    played_on: datetime.date
    ancient_one: Name
    outcome: str
    score: int | None
    tasks_completed: int
    scenario_score: int | None
    submitted_at: datetime.datetime = Field(alias="created_at")
    url: str = Field(alias="get_absolute_url")


class ScenarioDetailOut(ScenarioOut):
    briefing: str
    ancient_ones: list[Name]
    herald: Name | None
    boxes_required: list[Name]
    boxes_allowed: list[Name]
    investigators_min: int
    investigators_max: int
    tasks: list[Text]
    board: list[BoardEntryOut]


class SeriesRef(Link):
    pass


class SeriesScenarioOut(ScenarioRef):
    entries: int


class SeriesTeamOut(TeamRef):  # a ``SeriesTeamStanding``
    name: str = Field(alias="team.name")
    slug: str = Field(alias="team.slug")
    url: str = Field(alias="team.get_absolute_url")
    entries: int
    points: int


class SeriesPlayerOut(PlayerRef):  # a ``SeriesPlayerStanding``
    name: str = Field(alias="player.name")
    slug: str = Field(alias="player.slug")
    entries: int
    points: int


class SeriesDetailOut(SeriesRef):  # a series the API gave its standings
    description: str
    scenarios: list[SeriesScenarioOut] = Field(alias="scenario_rows")
    teams: list[SeriesTeamOut] = Field(alias="team_rows")
    players: list[SeriesPlayerOut] = Field(alias="player_rows")
