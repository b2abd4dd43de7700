"""Importing a results file: every game judged as the result form judges it
(``games.forms.judge``), its errors mapped back to the file's lines and columns, then
written in bulk. All or nothing unless told to skip invalid games; games already in the
league and repeats inside the file are skipped and reported.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from operator import attrgetter
from typing import IO

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.forms.judge import ResultJudge, Verdict
from games.models import Player, Status
from games.names import name_key
from games.players import player_for_name
from games.recording import sessions_record_many

from .cells import CellError
from .duplicates import Duplicates, Table
from .format import BY_FIELD, FORM, GAME, GAME_COLUMNS, META, SEAT, SEAT_COLUMNS
from .limits import Capped
from .names import Catalog
from .reader import GameRows, Problem, ResultsFile

# Games validated before each bulk write: bounds memory and keeps each write short.
BATCH_SIZE = 2000
# How many would-be games a preview lists (the counts cover them all).
PREVIEW_GAMES = 200
BY_LINE = attrgetter("line", "column")


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


@dataclass
class _Game:
    """A game that passed the form's rules: its rows, the verdict (unsaved rows) and the
    importer's own values."""

    rows: GameRows
    verdict: Verdict
    meta: dict
    table: Table | None = None  # what the league is asked (``Duplicates.in_league``)

    @property
    def names(self) -> list[str]:
        return [seat["player_name"] for seat in self.verdict.seat_cleaned]


class Importer:
    """One import run: options, the caches it fills, and its report."""

    def __init__(
        self,
        *,
        league,
        status: str | None = None,
        submitted_by=None,
        dry_run: bool = False,
        skip_invalid: bool = False,
        progress: Callable[[float | None, int], None] | None = None,
    ):
        self.league = league
        self.status = status
        self.submitted_by = submitted_by
        self.dry_run = dry_run
        self.skip_invalid = skip_invalid
        self.progress = progress
        self.catalog = Catalog(league)
        self.judge: ResultJudge | None = None
        self.report = ImportReport()
        self.now = timezone.now()
        self._players: dict[str, Player | None] = {}
        self._users: dict[str, object] = {}
        self.duplicates = Duplicates(self._existing_player, league)

    # -- the run -------------------------------------------------------------------------

    def run(self, stream: IO[bytes], name: str) -> ImportReport:
        """Import the file; raises ``FileProblem`` when it cannot be read at all."""
        results = ResultsFile(stream, name, self.report.problems)
        report = self.report
        with closing(results), transaction.atomic():
            self.judge = ResultJudge(self.league)
            batch: list[_Game] = []
            for rows in results.games():
                report.games += 1
                game = self._check(rows)
                if game is not None:
                    batch.append(game)
                if len(batch) >= BATCH_SIZE:
                    self._flush(batch)
                    batch = []
                if self.progress and report.games % 100 == 0:
                    self.progress(results.fraction(), report.games)
            self._flush(batch)
            report.problems.sort(key=BY_LINE)
            # Repeats inside the file are found as it is read, games in the league a batch
            # at a time: listed in the file's order.
            report.duplicates.sort(key=BY_LINE)
            report.written = self._writing
            if not report.written:
                transaction.set_rollback(True)
                report.created = 0
        if self.progress:
            self.progress(1.0, report.games)
        return report

    @property
    def _writing(self) -> bool:
        """Whether valid games are written now (an all-or-nothing import with a problem
        already found will roll back, so it only goes on checking)."""
        return not self.dry_run and (self.skip_invalid or not self.report.problems.total)

    # -- one game --------------------------------------------------------------------------

    def _check(self, rows: GameRows) -> _Game | None:
        if rows.cut:
            # The reader has said why; a game cut short is never judged on part of its rows.
            self.report.invalid_games.append(rows.reference)
            return None
        problems: list[Problem] = []
        data, meta = self.form_data(rows, problems)
        # The form's rules, offering every team and scenario (the file says who played as
        # what) and judging scenario windows at the file's submission time.
        verdict = self.judge.judge(data, submitted_at=meta["created_at"])
        if not verdict.ok:
            problems += verdict_problems(rows, verdict, problems)
        if problems:
            self.report.problems += problems
            self.report.invalid_games.append(rows.reference)
            return None
        duplicate = self.duplicates.check(rows, verdict, meta["created_at"])
        if duplicate:
            self._duplicate(rows, duplicate)
            return None
        self.report.valid += 1
        game = _Game(rows, verdict, meta)
        game.table = self.duplicates.table(verdict, game.names)
        return game

    def _duplicate(self, rows: GameRows, why: str) -> None:
        self.report.duplicates.append(Problem(rows.first_line, "", why, rows.reference))

    def form_data(self, rows: GameRows, problems: list[Problem]) -> tuple[dict, dict]:
        """The result form's POST data and the importer's own values, from the rows."""
        data: dict = {
            "seats-TOTAL_FORMS": str(len(rows.rows)),
            # Every row is a seat: none may be left out as a blank spare row.
            "seats-INITIAL_FORMS": str(len(rows.rows)),
            "seats-MIN_NUM_FORMS": "1",
            "seats-MAX_NUM_FORMS": "8",
        }
        meta: dict = {}
        first_line, first = rows.rows[0]
        for column in GAME_COLUMNS:
            text = first.get(column.key, "")
            for line, values in rows.rows[1:]:
                other = values.get(column.key, "")
                if other and other != text:
                    problems.append(
                        Problem(
                            line,
                            column.header,
                            _("“%(value)s” differs from the game's first row (line %(line)s).")
                            % {"value": other, "line": first_line},
                            rows.reference,
                        )
                    )
            self._read(column, text, first_line, rows, problems, data, meta, column.field)
        for index, (line, values) in enumerate(rows.rows):
            for column in SEAT_COLUMNS:
                key = f"seats-{index}-{column.field}"
                self._read(column, values.get(column.key, ""), line, rows, problems, data, {}, key)
        meta["status"] = self.status or meta.get("status")
        if meta["status"] != Status.REJECTED:
            meta["rejection_reason"] = ""
        meta["created_at"] = self._submitted_at(meta.get("created_at", ""), rows, problems)
        meta["submitted_by"] = self.submitted_by or self._user(
            meta.get("submitted_by", ""), rows, problems
        )
        return data, meta

    def _read(self, column, text, line, rows, problems, data, meta, key) -> None:
        if column.target not in (FORM, META):
            return
        try:
            value = column.value(text, self.catalog, data)
        except CellError as error:
            problems.append(Problem(line, column.header, str(error), rows.reference))
            value = ""
        (data if column.target == FORM else meta)[key] = value

    def _submitted_at(self, text: str, rows: GameRows, problems: list[Problem]):
        if not text:
            return self.now
        moment = parse_datetime(text)
        if moment is None:
            problems.append(
                Problem(
                    rows.first_line,
                    "Submitted at",
                    _("“%(text)s” is not a date and time such as 2026-01-10T21:00:00+00:00.")
                    % {"text": text},
                    rows.reference,
                )
            )
            return self.now
        if timezone.is_naive(moment):
            moment = timezone.make_aware(moment)
        if moment > self.now:
            problems.append(
                Problem(rows.first_line, "Submitted at", _("It is in the future."), rows.reference)
            )
        return moment

    def _user(self, username: str, rows: GameRows, problems: list[Problem]):
        if not username:
            return None
        if username not in self._users:
            model = get_user_model()
            self._users[username] = model.objects.filter(**{model.USERNAME_FIELD: username}).first()
        user = self._users[username]
        if user is None:
            problems.append(
                Problem(
                    rows.first_line,
                    "Submitted by",
                    _(
                        "No account is called “%(username)s”: leave it blank or import with "
                        "--submitted-by."
                    )
                    % {"username": username},
                    rows.reference,
                )
            )
        return user

    def _existing_player(self, name: str) -> Player | None:
        key = name_key(name)
        if key not in self._players:
            self._players[key] = Player.objects.named(name).first()
        return self._players[key]

    # -- writing -----------------------------------------------------------------------------

    def _flush(self, batch: list[_Game]) -> None:
        in_league = self.duplicates.in_league([game.table for game in batch])
        kept, planned = [], []
        for game, why in zip(batch, in_league, strict=True):
            if why:
                self._duplicate(game.rows, why)
                self.report.valid -= 1
                continue
            verdict, meta = game.verdict, game.meta
            session = verdict.session
            session.status = meta["status"]
            session.created_at = meta["created_at"]
            session.submitted_by = meta["submitted_by"]
            session.rejection_reason = meta.get("rejection_reason", "").strip()
            tasks = verdict.cleaned.get("tasks_done") or []
            planned.append((session, verdict.cleaned["boxes"], verdict.seats, tasks))
            kept.append(game)
        if self._writing and planned:
            for game in kept:
                for seat, name in zip(game.verdict.seats, game.names, strict=True):
                    seat.player = self._player(name)
            sessions_record_many(planned, user=self.submitted_by)
            self.report.created += len(planned)
        else:
            for session, _, seats, tasks in planned:
                # The scores a preview shows; nothing is saved.
                session.tasks_completed = len(tasks) if session.scenario_id else 0
                session.apply_totals(seats)
        for game in kept[: PREVIEW_GAMES - len(self.report.preview)]:
            session = game.verdict.session
            self.report.preview.append(
                PlannedGame(
                    reference=game.rows.reference,
                    line=game.rows.first_line,
                    played_on=session.played_on,
                    ancient_one=session.ancient_one.name,
                    outcome=session.get_outcome_display(),
                    score=session.score,
                    players=list(dict.fromkeys(game.names)),
                    status=session.status,
                )
            )

    def _player(self, name: str) -> Player:
        key = name_key(name)
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = player_for_name(name)
        return player


def verdict_problems(rows: GameRows, verdict: Verdict, already=()) -> list[Problem]:
    """The form's errors (``Verdict``), each at its row and column (cells already reported
    as unreadable, in ``already``, are not reported again as missing)."""
    seen = {(problem.line, problem.column) for problem in already}
    found: list[Problem] = []

    def add(line: int, scope: str, name: str, messages) -> None:
        column = BY_FIELD.get((scope, name))
        header = column.header if column is not None and name != NON_FIELD_ERRORS else ""
        if header and (line, header) in seen:
            return
        for message in messages:
            found.append(Problem(line, header, message, rows.reference))

    for name, messages in verdict.errors.items():
        add(rows.first_line, GAME, name, messages)
    for errors, (line, _values) in zip(verdict.seat_errors, rows.rows, strict=False):
        for name, messages in errors.items():
            add(line, SEAT, name, messages)
    for message in verdict.table_errors:
        found.append(Problem(rows.first_line, "", message, rows.reference))
    return found


def results_import(stream: IO[bytes], name: str, **options) -> ImportReport:
    """Import a results file (CSV or XLSX) by its name's suffix into ``league`` (a keyword
    option, required); see ``Importer``."""
    return Importer(**options).run(stream, name)
