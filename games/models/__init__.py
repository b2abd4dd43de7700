from .catalog import AncientOne, Box, Guardian, Herald, Investigator
from .choices import DefeatCause, Outcome, Status
from .players import Player
from .seats import Seat
from .sessions import Session

__all__ = [
    "AncientOne",
    "Box",
    "DefeatCause",
    "Guardian",
    "Herald",
    "Investigator",
    "Outcome",
    "Player",
    "Seat",
    "Session",
    "Status",
]
