"""What an import found: the games it would create (or created), skipped and refused."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    problems: list[Problem] = field(default_factory=list)
    duplicates: list[Problem] = field(default_factory=list)
    invalid_games: list[str] = field(default_factory=list)
    preview: list[PlannedGame] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems
