"""What an import found: the games it would create (or created), skipped and refused."""

from __future__ import annotations

from dataclasses import dataclass, field

from .limits import Capped
from .reader import Problem


@dataclass(frozen=True)
class PlannedGame:
    """A valid game of the file, as it would be (or was) recorded."""

    reference: str
    line: int
    played_on: object
    ancient_one: str
    outcome: str
    score: int | None
    players: list[str]
    status: str


@dataclass
class ImportReport:
    """What an import read, created, skipped and found wrong."""

    games: int = 0
    valid: int = 0
    created: int = 0
    written: bool = False
    # Each list keeps its first LEAGUE_IMPORT_MAX_PROBLEMS entries; ``.total`` counts all.
    problems: Capped[Problem] = field(default_factory=Capped)
    duplicates: Capped[Problem] = field(default_factory=Capped)
    invalid_games: Capped[str] = field(default_factory=Capped)
    preview: list[PlannedGame] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems.total
