"""Reading a results file row by row (CSV or XLSX), grouped into games.

Nothing holds more than one game's rows at a time, so a file of any size reads in
constant memory; the references already seen are kept (a few bytes each) to catch a
game whose rows are not together.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from openpyxl.utils import get_column_letter

from games.spreadsheets import unquote_cell

from .format import BY_KEY, COLUMNS, cell_text
from .limits import MAX_GAME_ROWS, MAX_LINE_BYTES, Capped, FileProblem, grouped, timed
from .names import catalog_key
from .workbook import sheet_rows

FORMATS = ("csv", "xlsx")


@dataclass(frozen=True)
class Problem:
    """Something wrong with a file, where a person would look for it."""

    line: int
    column: str
    message: str
    game: str = ""

    def __str__(self) -> str:
        values = {"line": self.line, "column": self.column, "message": self.message}
        if self.column:
            return _("line %(line)s, column “%(column)s”: %(message)s") % values
        return _("line %(line)s: %(message)s") % values


@dataclass
class GameRows:
    """One game's rows: (line number, {column key: cell text}) in file order."""

    reference: str
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    # More rows than seats came: the game is refused, its further rows not read.
    cut: bool = False

    @property
    def first_line(self) -> int:
        return self.rows[0][0]


def file_format(name: str) -> str:
    suffix = Path(name).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise FileProblem(_("The file must be a .csv or an .xlsx spreadsheet."))
    return suffix


def _size(stream: IO[bytes]) -> int | None:
    try:
        position = stream.tell()
        size = stream.seek(0, io.SEEK_END)
        stream.seek(position)
    except (OSError, ValueError, AttributeError):
        return None
    return size


def _lines(stream: IO[bytes]) -> Iterator[str]:
    """The file's lines, each decoded on its own, so an encoding error names its line."""
    number = 0
    while raw := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            raise FileProblem(
                _(
                    "Line %(line)s is longer than %(bytes)s bytes: it is not a row of the "
                    "results format."
                )
                % {"line": number, "bytes": grouped(MAX_LINE_BYTES)}
            )
        # Spreadsheet programs often start a CSV with a byte order mark.
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise FileProblem(
                _(
                    "Line %(line)s cannot be read as UTF-8 text (byte %(byte)s of the line): "
                    "save the file as “CSV UTF-8”."
                )
                % {"line": number, "byte": error.start + 1}
            ) from None


def _csv_rows(stream: IO[bytes]) -> Iterator[tuple[int, list]]:
    reader = csv.reader(_lines(stream))
    start = 1
    try:
        for row in reader:
            yield start, row
            start = reader.line_num + 1
    except csv.Error as error:
        raise FileProblem(
            _("Line %(line)s cannot be read as CSV text: %(error)s")
            % {"line": start, "error": error}
        ) from None


class ResultsFile:
    """A results file opened for reading: its header checked, then its games in order.

    ``problems`` collects what is wrong (the importer passes its own, so the file's and
    the games' problems are listed, and capped, together).
    """

    def __init__(self, stream: IO[bytes], name: str, problems: list[Problem] | None = None):
        kind = file_format(name)
        self.problems: list[Problem] = Capped() if problems is None else problems
        self._stream = stream
        self._size = _size(stream)
        self._rows = timed(_csv_rows(stream) if kind == "csv" else sheet_rows(stream))
        try:
            self.keys = self._read_header()
        except FileProblem:
            self.close()
            raise
        # The Game column is required: the header has it.
        self._reference = self.keys.index(COLUMNS[0].key)

    def close(self) -> None:
        """Stop reading (the caller still owns and closes the stream)."""
        self._rows.close()

    def _read_header(self) -> list[str | None]:
        for line, cells in self._rows:
            headers = [cell_text(cell) for cell in cells]
            if not any(headers):
                continue
            keys: list[str | None] = []
            for index, header in enumerate(headers):
                key = catalog_key(header)
                if key in BY_KEY:
                    if key in keys:
                        first = get_column_letter(keys.index(key) + 1)
                        raise FileProblem(
                            _(
                                "Line %(line)s: the column “%(header)s” appears twice (columns "
                                "%(first)s and %(second)s); keep one of them."
                            )
                            % {
                                "line": line,
                                "header": header,
                                "first": first,
                                "second": get_column_letter(index + 1),
                            }
                        )
                    keys.append(key)
                else:
                    keys.append(None)
                    if header:
                        self.problems.append(
                            Problem(line, header, _("Unknown column: see the format's columns."))
                        )
            missing = [c.header for c in COLUMNS if c.required and c.key not in keys]
            if missing:
                raise FileProblem(
                    ngettext(
                        "Line %(line)s: missing column: %(columns)s.",
                        "Line %(line)s: missing columns: %(columns)s.",
                        len(missing),
                    )
                    % {"line": line, "columns": ", ".join(missing)}
                )
            return keys
        raise FileProblem(_("The file is empty: the first row must name the columns."))

    def fraction(self) -> float | None:
        """How far through the file reading is (by bytes read), when that is known."""
        if not self._size:
            return None
        try:
            return min(1.0, self._stream.tell() / self._size)
        except (OSError, ValueError):
            return None

    def _values(self, line: int, cells: list) -> dict[str, str]:
        """A row as {column key: cell text}; cells past the header are reported."""
        width = len(self.keys)
        extra = sum(1 for cell in cells[width:] if cell_text(cell))
        if extra:
            self.problems.append(
                Problem(
                    line,
                    "",
                    ngettext(
                        "%(count)s cell past the header's %(width)s columns: give the column a "
                        "header or clear the cell.",
                        "%(count)s cells past the header's %(width)s columns: give the column a "
                        "header or clear the cell.",
                        extra,
                    )
                    % {"count": extra, "width": width},
                )
            )
        return {
            key: cell_text(unquote_cell(cell))
            for key, cell in zip(self.keys, cells, strict=False)
            if key is not None
        }

    def _reference_of(self, cells: list) -> str:
        if self._reference >= len(cells):
            return ""
        return cell_text(unquote_cell(cells[self._reference]))

    def games(self) -> Iterator[GameRows]:
        """The file's games, one at a time; rows must be together, or a problem is noted.

        A game of more rows than seats is cut at the bound: its further rows are passed
        over, not held, so one endless game reads in flat memory.
        """
        header = COLUMNS[0].header
        seen: set[str] = set()
        current: GameRows | None = None
        for line, cells in self._rows:
            if (
                current is not None
                and current.cut
                and self._reference_of(cells) == current.reference
            ):
                continue
            values = self._values(line, cells)
            if not any(values.values()):
                continue
            reference = values.get(COLUMNS[0].key, "")
            if not reference:
                self.problems.append(Problem(line, header, _("Give the game a reference.")))
                continue
            if current is not None and reference == current.reference:
                if len(current.rows) < MAX_GAME_ROWS:
                    current.rows.append((line, values))
                    continue
                current.cut = True
                self.problems.append(
                    Problem(
                        line,
                        header,
                        _(
                            "Game “%(reference)s” has more than %(count)s rows: a game has at "
                            "most %(count)s seats, one row each. Its further rows are not read."
                        )
                        % {"reference": reference, "count": MAX_GAME_ROWS},
                        reference,
                    )
                )
                continue
            if current is not None:
                yield current
            if reference in seen:
                self.problems.append(
                    Problem(
                        line,
                        header,
                        _(
                            "Game “%(reference)s” appeared earlier in the file: a game's rows "
                            "must follow one another (sort the file by this column)."
                        )
                        % {"reference": reference},
                        reference,
                    )
                )
                current = None
                continue
            seen.add(reference)
            current = GameRows(reference, [(line, values)])
        if current is not None:
            yield current
