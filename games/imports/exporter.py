"""Exporting results in the results format (``format.COLUMNS``), a chunk of games at a
time with their related rows, so memory stays flat and no game costs a query; every text
cell passes ``safe_cell`` so no cell runs as a formula when the file is opened.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from typing import IO

from django.db.models import Prefetch, QuerySet

from games.models import Seat, Session
from games.spreadsheets import safe_cell, write_sheet

from .format import COLUMNS, GAME, HEADERS

# Games per database round trip: a few thousand games (and their seats) in memory at once.
CHUNK_SIZE = 2000

Progress = Callable[[int], None]

GAME_WRITERS = [column.write for column in COLUMNS if column.scope == GAME]
SEAT_WRITERS = [column.write for column in COLUMNS if column.scope != GAME]


def sessions_for_export(status: str | None = None, league=None) -> QuerySet[Session]:
    """Every game of ``league`` (or with ``status``); ``None``: of every league (the
    operator's whole-site export)."""
    games = Session.objects.all() if league is None else Session.objects.of_league(league)
    return (games if status is None else games.filter(status=status)).order_by("pk")


def result_rows(
    sessions: QuerySet[Session], progress: Progress | None = None, chunk_size: int = CHUNK_SIZE
) -> Iterator[list]:
    """The header, then one row per seat, games oldest first: its game's cells (``GAME``
    columns), then its own, each safe for a spreadsheet."""
    yield HEADERS
    games = (
        sessions.order_by("pk")
        .select_related("ancient_one", "herald", "guardian", "team", "scenario", "submitted_by")
        .prefetch_related(
            "boxes",
            "tasks_done",
            Prefetch("seats", Seat.objects.select_related("player", "investigator")),
        )
    )
    done = 0
    for done, game in enumerate(games.iterator(chunk_size=chunk_size), start=1):
        cells = [safe_cell(write(game)) for write in GAME_WRITERS]
        for seat in game.seats.all():
            yield cells + [safe_cell(write(seat)) for write in SEAT_WRITERS]
        if progress is not None and done % chunk_size == 0:
            progress(done)
    if progress is not None:
        progress(done)


def seat_rows(sessions: QuerySet[Session]) -> int:
    """How many rows an export of ``sessions`` writes (one per seat)."""
    return Seat.objects.filter(session__in=sessions.order_by().values("pk")).count()


def write_csv(stream: IO[str], sessions: QuerySet[Session], progress: Progress | None = None):
    csv.writer(stream).writerows(result_rows(sessions, progress))


def write_xlsx(path, sessions: QuerySet[Session], progress: Progress | None = None) -> None:
    write_sheet(result_rows(sessions, progress), path, title="Results")
