from .catalog import AncientOne, Box, Guardian, Herald, Investigator
from .players import Player
from .seats import Seat
from .sessions import DefeatCause, Outcome, Session, Status

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
