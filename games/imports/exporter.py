"""Exporting results in the results format, a chunk of games at a time.

The columns are the format's (``format.COLUMNS``): each column's own ``write`` gives its
cell. What it is given is not a model instance but a light record with the same
attribute names (``GameRecord``, ``SeatRecord``), built from plain ``values_list`` rows:
a million games are read as tuples, four queries per chunk of games (the games with
their catalog names, their seats with the players' and investigators' names, their boxes,
their tasks), never a model instance or a query per game. A game's own cells are written
once and shared by its seat rows.

CSV rows are written as they are read; XLSX goes through ``write_sheet`` (openpyxl's
write-only mode, which keeps no cells in memory; the header bold, frozen and filtered).
Every text cell passes ``safe_cell`` so no cell runs as a formula when the file is opened.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import IO, NamedTuple

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import QuerySet

from games.models import Seat, Session
from games.spreadsheets import safe_cell, write_sheet

from .format import COLUMNS, GAME, HEADERS, SEAT

# Games per database round trip: a few thousand games (and their seats) in memory at once.
CHUNK_SIZE = 2000

Progress = Callable[[int], None]


class Named(NamedTuple):
    """A related row as the writers read it: ``ancient_one.name``."""

    name: str


class Task(NamedTuple):
    text: str


class Account(NamedTuple):
    username: str

    def get_username(self) -> str:
        return self.username


class Many(tuple):
    """A game's boxes or tasks, read as a related manager is: ``session.boxes.all()``."""

    def all(self) -> Many:
        return self


# The game's fields as ``values_list`` reads them, in GameRecord's order; the related
# rows come as their names.
GAME_FIELDS = (
    "pk",
    "played_on",
    "ancient_one__name",
    "outcome",
    "defeat_cause",
    "terror_level",
    "elder_signs_played",
    "elder_sign_tokens",
    "herald__name",
    "guardian__name",
    "team__name",
    "scenario__name",
    "location",
    "notes",
    "status",
    "rejection_reason",
    "created_at",
    "submitted_by__username",
    "score",
)
RELATED = {"ancient_one", "herald", "guardian", "team", "scenario"}
SEAT_FIELDS = (
    "session_id",
    "player__name",
    "investigator__name",
    "ended",
    "replaced",
    "gate_trophies",
    "monster_trophies",
    "unpaid_loans",
)


class GameRecord(NamedTuple):
    """What the game columns' writers read of a game (the names ``Session`` gives them)."""

    pk: int
    played_on: object
    ancient_one: Named | None
    outcome: str
    defeat_cause: str
    terror_level: int
    elder_signs_played: int
    elder_sign_tokens: int
    herald: Named | None
    guardian: Named | None
    team: Named | None
    scenario: Named | None
    location: str
    notes: str
    status: str
    rejection_reason: str
    created_at: object
    submitted_by: Account | None
    score: int | None
    boxes: Many
    tasks_done: Many


class SeatRecord(NamedTuple):
    """What the seat columns' writers read of a seat (the names ``Seat`` gives them)."""

    player: Named
    investigator: Named
    ended: str
    replaced: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int


GAME_WRITERS = [column.write for column in COLUMNS if column.scope == GAME]
SEAT_WRITERS = [column.write for column in COLUMNS if column.scope != GAME]
# A row is its game's cells then its seat's: the format lists every game column first.
if [column.scope for column in COLUMNS] != [GAME] * len(GAME_WRITERS) + [SEAT] * len(SEAT_WRITERS):
    raise ImproperlyConfigured("The results format must list its game columns first.")


def sessions_for_export(status: str | None = None) -> QuerySet[Session]:
    """Every game (or every game with ``status``)."""
    games = Session.objects.all() if status is None else Session.objects.filter(status=status)
    return games.order_by("pk")


# How each read value becomes the record's attribute: related rows by name, the account
# by its username, the rest as stored.
_MAKERS = [
    Named
    if name.split("__")[0] in RELATED
    else Account
    if name.startswith("submitted_by")
    else None
    for name in GAME_FIELDS
]


def _game_record(row: tuple, boxes: Many, tasks: Many) -> GameRecord:
    values = [
        value if make is None or value is None else make(value)
        for make, value in zip(_MAKERS, row, strict=True)
    ]
    return GameRecord(*values, boxes, tasks)


def _grouped(rows) -> dict[int, list]:
    grouped: dict[int, list] = defaultdict(list)
    for row in rows:
        grouped[row[0]].append(row[1] if len(row) == 2 else row[1:])
    return grouped


@dataclass
class Chunk:
    """A chunk of games as read: their rows, and their seats, boxes and tasks by game."""

    games: list[tuple]
    seats: dict[int, list]
    boxes: dict[int, list]
    tasks: dict[int, list]


def _chunk_read(sessions: QuerySet[Session], after: int | None, size: int) -> Chunk | None:
    """The ``size`` games of ``sessions`` after id ``after``, in four queries (None: no
    more). Seats, boxes and tasks are found by the chunk's id range within ``sessions``
    (one index range scan, not a list of thousands of ids to send and parse)."""
    games = sessions.order_by("pk").values_list(*GAME_FIELDS)
    rows = list((games if after is None else games.filter(pk__gt=after))[:size])
    if not rows:
        return None
    within = sessions.filter(pk__gte=rows[0][0], pk__lte=rows[-1][0]).order_by().values("pk")
    return Chunk(
        rows,
        _grouped(
            Seat.objects.filter(session_id__in=within)
            .order_by("session_id", "position", "pk")
            .values_list(*SEAT_FIELDS)
        ),
        _grouped(
            Session.boxes.through.objects.filter(session_id__in=within)
            .order_by("session_id", "box__year", "box__name")
            .values_list("session_id", "box__name")
        ),
        _grouped(
            Session.tasks_done.through.objects.filter(session_id__in=within)
            .order_by("session_id", "scenariotask__order", "scenariotask_id")
            .values_list("session_id", "scenariotask__text")
        ),
    )


def _chunks(sessions: QuerySet[Session], size: int) -> Iterator[Chunk]:
    """Every chunk, in order. On PostgreSQL, outside a transaction, the next chunk is read
    on a second connection while this one is written: the database works on one core
    while Python writes on the other."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        chunk = _chunk_read(sessions, None, size)
        while chunk is not None:
            yield chunk
            chunk = _chunk_read(sessions, chunk.games[-1][0], size)
        return
    with ThreadPoolExecutor(max_workers=1) as reader:
        try:
            ahead = reader.submit(_chunk_read, sessions, None, size)
            while (chunk := ahead.result()) is not None:
                ahead = reader.submit(_chunk_read, sessions, chunk.games[-1][0], size)
                yield chunk
        finally:
            reader.submit(lambda: connection.close()).result()  # the reader's own


def _chunk_records(chunk: Chunk) -> Iterator[tuple[GameRecord, list[SeatRecord]]]:
    """Each game of the chunk as a record, with its seats'."""
    named: dict[str, Named] = {}
    for row in chunk.games:
        pk = row[0]
        record = _game_record(
            row,
            Many(Named(name) for name in chunk.boxes.get(pk, ())),
            Many(Task(text) for text in chunk.tasks.get(pk, ())),
        )
        seat_records = [
            SeatRecord(
                named.get(player) or named.setdefault(player, Named(player)),
                named.get(investigator) or named.setdefault(investigator, Named(investigator)),
                *numbers,
            )
            for player, investigator, *numbers in chunk.seats.get(pk, ())
        ]
        yield record, seat_records


def game_groups(
    sessions: QuerySet[Session], progress: Progress | None = None, chunk_size: int = CHUNK_SIZE
) -> Iterator[tuple[list, list[list]]]:
    """Each game's cells (``GAME`` columns) and its seats' cells (the others), safe for
    a spreadsheet, in ``COLUMNS`` order within each part.

    Games are read oldest first, ``chunk_size`` at a time by their id (each chunk starts
    after the last id read, so no query skips over rows already read).
    """
    done = 0
    for chunk in _chunks(sessions, chunk_size):
        for game, seats in _chunk_records(chunk):
            yield (
                [safe_cell(write(game)) for write in GAME_WRITERS],
                [[safe_cell(write(seat)) for write in SEAT_WRITERS] for seat in seats],
            )
        done += len(chunk.games)
        if progress is not None:
            progress(done)


def result_rows(
    sessions: QuerySet[Session], progress: Progress | None = None, chunk_size: int = CHUNK_SIZE
) -> Iterator[list]:
    """The header, then one row per seat: its game's cells, then its own."""
    yield HEADERS
    for game, seats in game_groups(sessions, progress, chunk_size):
        for seat in seats:
            yield game + seat


def seat_rows(sessions: QuerySet[Session]) -> int:
    """How many rows an export of ``sessions`` writes (one per seat)."""
    return Seat.objects.filter(session__in=sessions.order_by().values("pk")).count()


def write_csv(stream: IO[str], sessions: QuerySet[Session], progress: Progress | None = None):
    """The CSV file: a game's cells are formatted once, as the start of each of its lines."""
    writer = csv.writer(stream)
    writer.writerow(HEADERS)
    game_writer = csv.writer(Echo(), lineterminator=",")  # a line's start, to go on
    seat_writer = csv.writer(Echo())
    for game, seats in game_groups(sessions, progress):
        start = game_writer.writerow(game)
        stream.write("".join([start + seat_writer.writerow(seat) for seat in seats]))


def write_xlsx(path, sessions: QuerySet[Session], progress: Progress | None = None) -> None:
    write_sheet(result_rows(sessions, progress), path, title="Results")


class Echo:
    """A file-like object that hands back what is written: for streaming responses."""

    def write(self, value: str) -> str:
        return value
