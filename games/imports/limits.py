"""How much of a results file an import reads, and what it says when a file is too much.

Every bound is checked while the file streams, so a mistaken or hostile file (a sheet
declaring a million rows by 16,384 columns, a zip bomb, one game of a million rows, an
endless line) is refused in seconds with flat memory instead of holding a worker for
minutes. The bounds a league may want to move are settings; the rest are the formats' own.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.rules import MAX_INVESTIGATORS

from .format import COLUMNS

T = TypeVar("T")

# A game is one row per seat, so a game of more rows than seats is not a game.
MAX_GAME_ROWS = MAX_INVESTIGATORS
# Room for a spreadsheet's own extra columns (each reported as unknown) beside the
# format's; nothing past it is read.
MAX_COLUMNS = 2 * len(COLUMNS)
# A CSV line: 28 cells and notes of at most 2,000 characters fit many times over.
MAX_LINE_BYTES = 64 * 1024
# Zip members smaller than this are never a bomb, whatever their ratio (tiny XML parts
# compress very well).
RATIO_FLOOR_BYTES = 1024 * 1024


class FileProblem(ValueError):
    """The file as a whole cannot be read (its format, its header row, or a bound)."""


def grouped(number: int) -> str:
    """A count with thousands grouped, in the reader's format ("1,048,576")."""
    return number_format(number, force_grouping=True)


class Capped(list[T]):
    """A list that keeps its first ``limit`` items and counts the rest.

    A file of 260,000 problems must not become a 23 MB page: ``total`` counts them all,
    ``more`` is how many were not kept.
    """

    def __init__(self, limit: int | None = None):
        super().__init__()
        self.limit = max(1, limit if limit is not None else settings.LEAGUE_IMPORT_MAX_PROBLEMS)
        self.total = 0

    def append(self, item: T) -> None:
        self.total += 1
        if len(self) < self.limit:
            super().append(item)

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    def __iadd__(self, items: Iterable[T]):
        self.extend(items)
        return self

    @property
    def more(self) -> int:
        return self.total - len(self)


def size_problem(size: int) -> str | None:
    """Why a file of ``size`` bytes is refused before reading, or None."""
    limit = settings.LEAGUE_IMPORT_MAX_BYTES
    if size <= limit:
        return None
    return _(
        "The file is %(size)s; an import reads at most %(limit)s (the LEAGUE_IMPORT_MAX_BYTES "
        "setting). Split it into several files, each game's rows kept together."
    ) % {"size": filesizeformat(size), "limit": filesizeformat(limit)}


def timed(rows: Iterator[T]) -> Iterator[T]:
    """``rows`` as they come, refused once reading them has taken longer than
    ``LEAGUE_IMPORT_READ_SECONDS``.

    Only the time spent reading counts, not the time the importer spends judging games
    between rows, so a big valid file is never refused for being judged slowly.
    """
    budget = settings.LEAGUE_IMPORT_READ_SECONDS
    spent = 0.0
    try:
        started = time.monotonic()
        for count, row in enumerate(rows, start=1):
            spent += time.monotonic() - started
            if spent > budget:
                raise FileProblem(
                    _(
                        "Reading the file took longer than %(seconds)s s (the "
                        "LEAGUE_IMPORT_READ_SECONDS setting), at row %(row)s: the file is too "
                        "big or damaged. Split it, or save it again as CSV."
                    )
                    % {"seconds": f"{budget:g}", "row": grouped(count)}
                )
            yield row
            started = time.monotonic()
    finally:
        rows.close()
