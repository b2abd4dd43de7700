from .catalog import AncientOne, Box, Guardian, Herald, Investigator
from .choices import DefeatCause, Outcome, Status
from .claims import PlayerClaim
from .in_play import AncientOneTableSize, BoxStanding, HeraldStanding
from .players import Player
from .profiles import Profile
from .ratings import Rating, RatingBacklog, RatingPoint, RatingState
from .scenarios import Scenario, ScenarioTask, Series
from .seats import Seat
from .sessions import Session
from .summaries import (
    AncientOneOutcome,
    AncientOneScore,
    InvestigatorAncientOne,
    InvestigatorStanding,
    InvestigatorTableSize,
    PlayerAncientOne,
    PlayerInvestigator,
    PlayerMonth,
    PlayerStanding,
    PlayerTeammate,
    ScenarioSummary,
    SeriesPlayerStanding,
    SeriesTeamStanding,
    TeamAncientOne,
    TeamMonth,
    TeamStanding,
)
from .teams import Team, TeamInvitation

__all__ = [
    "AncientOneOutcome",
    "AncientOneScore",
    "AncientOneTableSize",
    "BoxStanding",
    "HeraldStanding",
    "InvestigatorAncientOne",
    "InvestigatorStanding",
    "InvestigatorTableSize",
    "PlayerAncientOne",
    "PlayerInvestigator",
    "PlayerMonth",
    "PlayerStanding",
    "PlayerTeammate",
    "ScenarioSummary",
    "SeriesPlayerStanding",
    "SeriesTeamStanding",
    "TeamAncientOne",
    "TeamMonth",
    "TeamStanding",
    "AncientOne",
    "Box",
    "DefeatCause",
    "Guardian",
    "Herald",
    "Investigator",
    "Outcome",
    "Player",
    "PlayerClaim",
    "Profile",
    "Rating",
    "RatingBacklog",
    "RatingPoint",
    "RatingState",
    "Scenario",
    "ScenarioTask",
    "Seat",
    "Series",
    "Session",
    "Status",
    "Team",
    "TeamInvitation",
]
