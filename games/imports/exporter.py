"""Exporting results in the results format, streamed: a chunk of games at a time.

CSV rows are written as they are read; XLSX goes through ``write_sheet`` (openpyxl's
write-only mode, which keeps no cells in memory; the header bold, frozen and filtered).
Every text cell passes ``safe_cell`` so no cell runs as a formula when the file is opened.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from typing import IO

from django.db.models import Prefetch, QuerySet

from games.models import Seat, Session
from games.spreadsheets import safe_cell, write_sheet

from .format import HEADERS, export_row

# Games per database round trip: a few thousand rows in memory at once.
CHUNK_SIZE = 1000

Progress = Callable[[int], None]


def sessions_for_export(status: str | None = None) -> QuerySet[Session]:
    """Every game (or every game with ``status``), oldest first, with what a row needs."""
    seats = Seat.objects.select_related("player", "investigator").order_by("position", "pk")
    games = Session.objects.all() if status is None else Session.objects.filter(status=status)
    return (
        games.order_by("pk")
        .select_related("ancient_one", "herald", "guardian", "team", "scenario", "submitted_by")
        .prefetch_related("boxes", "tasks_done", Prefetch("seats", queryset=seats))
    )


def result_rows(sessions: QuerySet[Session], progress: Progress | None = None) -> Iterator[list]:
    """The header, then one row per seat, each cell safe for a spreadsheet."""
    yield HEADERS
    for count, session in enumerate(sessions.iterator(chunk_size=CHUNK_SIZE), start=1):
        for seat in session.seats.all():
            yield [safe_cell(value) for value in export_row(session, seat)]
        if progress is not None:
            progress(count)


def write_csv(stream: IO[str], sessions: QuerySet[Session], progress: Progress | None = None):
    writer = csv.writer(stream)
    for row in result_rows(sessions, progress):
        writer.writerow(row)


def write_xlsx(path, sessions: QuerySet[Session], progress: Progress | None = None) -> None:
    write_sheet(result_rows(sessions, progress), path, title="Results")


class Echo:
    """A file-like object that hands back what is written: for streaming responses."""

    def write(self, value: str) -> str:
        return value


def csv_lines(sessions: QuerySet[Session]) -> Iterator[str]:
    """The CSV as lines, for a streaming HTTP response."""
    writer = csv.writer(Echo())
    for row in result_rows(sessions):
        yield writer.writerow(row)
