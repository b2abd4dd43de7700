"""Reading a results file row by row (CSV or XLSX), grouped into games.

Nothing holds more than one game's rows at a time, so a file of any size reads in
constant memory; the references already seen are kept (a few bytes each) to catch a
game whose rows are not together.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from games.spreadsheets import unquote_cell

from .format import BY_KEY, COLUMNS, cell_text
from .names import catalog_key

FORMATS = ("csv", "xlsx")


class FileProblem(ValueError):
    """The file as a whole cannot be read (its format, or its header row)."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with a file, where a person would look for it."""

    line: int
    column: str
    message: str
    game: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column “{self.column}”" if self.column else "")
        return f"{where}: {self.message}"


@dataclass
class GameRows:
    """One game's rows: (line number, {column key: cell text}) in file order."""

    reference: str
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)

    @property
    def first_line(self) -> int:
        return self.rows[0][0]


def file_format(name: str) -> str:
    suffix = Path(name).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise FileProblem("The file must be a .csv or an .xlsx spreadsheet.")
    return suffix


def _size(stream: IO[bytes]) -> int | None:
    try:
        position = stream.tell()
        size = stream.seek(0, io.SEEK_END)
        stream.seek(position)
    except (OSError, ValueError, AttributeError):
        return None
    return size


def _csv_rows(stream: IO[bytes]) -> Iterator[tuple[int, list]]:
    # utf-8-sig: spreadsheet programs often start a CSV with a byte order mark.
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    reader = csv.reader(text)
    start = 1
    try:
        for row in reader:
            yield start, row
            start = reader.line_num + 1
    except (UnicodeDecodeError, csv.Error) as error:
        raise FileProblem(f"Line {start} cannot be read as CSV text (UTF-8): {error}") from None
    finally:
        text.detach()


def _xlsx_rows(stream: IO[bytes]) -> Iterator[tuple[int, list]]:
    import openpyxl

    try:
        book = openpyxl.load_workbook(stream, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise FileProblem(f"The file is not a readable .xlsx workbook ({error}).") from None
    try:
        for number, row in enumerate(book.active.iter_rows(values_only=True), start=1):
            yield number, list(row)
    finally:
        book.close()


class ResultsFile:
    """A results file opened for reading: its header checked, then its games in order."""

    def __init__(self, stream: IO[bytes], name: str):
        kind = file_format(name)
        self.problems: list[Problem] = []
        self._stream = stream
        self._size = _size(stream)
        self._rows = _csv_rows(stream) if kind == "csv" else _xlsx_rows(stream)
        try:
            self.keys = self._read_header()
        except FileProblem:
            self.close()
            raise

    def close(self) -> None:
        """Stop reading (the caller still owns and closes the stream)."""
        self._rows.close()

    def _read_header(self) -> list[str | None]:
        for line, cells in self._rows:
            headers = [cell_text(cell) for cell in cells]
            if not any(headers):
                continue
            keys: list[str | None] = []
            for header in headers:
                key = catalog_key(header)
                if key in BY_KEY:
                    keys.append(key)
                else:
                    keys.append(None)
                    if header:
                        self.problems.append(
                            Problem(line, header, "Unknown column: see the format's columns.")
                        )
            missing = [c.header for c in COLUMNS if c.required and c.key not in keys]
            if missing:
                raise FileProblem(f"Line {line}: missing column(s): {', '.join(missing)}.")
            return keys
        raise FileProblem("The file is empty: the first row must name the columns.")

    def fraction(self) -> float | None:
        """How far through the file reading is (by bytes read), when that is known."""
        if not self._size:
            return None
        try:
            return min(1.0, self._stream.tell() / self._size)
        except (OSError, ValueError):
            return None

    def rows(self) -> Iterator[tuple[int, dict[str, str]]]:
        """Each non-blank row as {column key: cell text}, with its line number."""
        for line, cells in self._rows:
            values = {
                key: cell_text(unquote_cell(cell))
                for key, cell in zip(self.keys, cells, strict=False)
                if key is not None
            }
            if any(values.values()):
                yield line, values

    def games(self) -> Iterator[GameRows]:
        """The file's games, one at a time; rows must be together, or a problem is noted."""
        reference_key = COLUMNS[0].key
        seen: set[str] = set()
        current: GameRows | None = None
        for line, values in self.rows():
            reference = values.get(reference_key, "")
            if not reference:
                self.problems.append(Problem(line, COLUMNS[0].header, "Give the game a reference."))
                continue
            if current is not None and reference == current.reference:
                current.rows.append((line, values))
                continue
            if current is not None:
                yield current
            if reference in seen:
                self.problems.append(
                    Problem(
                        line,
                        COLUMNS[0].header,
                        f"Game “{reference}” appeared earlier in the file: a game's rows "
                        "must follow one another (sort the file by this column).",
                        reference,
                    )
                )
                current = None
                continue
            seen.add(reference)
            current = GameRows(reference, [(line, values)])
        if current is not None:
            yield current
