"""The results format: one row per seat, every column declared once.

Export writes these columns in this order; import reads them back by header (any case and
spacing, any order), turns each cell into what the result form would receive, and lets
the form judge it. A new field of a game or a seat is one more ``Column`` here.

A game's own columns repeat on each of its seat rows; on import, later rows of a game
may leave them blank, but must not contradict the first row.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import cached_property

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from games.models import DefeatCause, Outcome, Seat, Session, Status

from .cells import (
    BOX_SEPARATOR,
    TASK_SEPARATOR,
    Reader,
    Writer,
    attr,
    catalog_row,
    choice,
    model_default,
    name_of,
    read_boxes,
    read_tasks,
)
from .names import Catalog, catalog_key

# Headers stay English whatever the reader's language: a file exported in one language
# imports in any other. The help texts are translated.
GAME, SEAT = "game", "seat"
# Where a column's value goes on import.
FORM = "form"  # a field of the result form, which validates it
META = "meta"  # read by the importer itself (which game, status, submission)
IGNORED = "ignored"  # written for people and their tools, recomputed on import


@dataclass(frozen=True)
class Column:
    """One column of the format: its header, what it means, and how to read and write it."""

    header: str
    scope: str  # GAME (same on every seat row of a game) or SEAT
    help: str  # translated when shown (lazy)
    write: Writer  # the value exported, from a Session (GAME) or a Seat (SEAT)
    field: str = ""  # the form field (FORM) or importer key (META) it fills
    target: str = FORM
    read: Reader | None = None  # cell text -> form data; None passes the text as is
    required: bool = False
    example: str = ""

    @cached_property
    def key(self) -> str:
        return catalog_key(self.header)

    def value(self, text: str, catalog: Catalog, data: dict | None = None):
        """The form (or importer) value of a cell's text; blank cells of optional
        columns give the model's default. ``data`` holds the game's columns read so far."""
        if self.read is not None:
            return self.read(text, catalog, data or {})
        return text


def _help(text: str, **values) -> str:
    """A help text (marked with ``gettext_noop``) translated when shown, values put in."""
    return lazy(lambda: gettext(text) % values, str)()


def count(scope: str, field: str, help: str, *, example: str) -> Column:
    """A column of a counted number (elder signs, trophies, loans), headed by its field's
    name in words ("gate_trophies": "Gate trophies"); a blank cell is the model's 0."""
    model = Session if scope == GAME else Seat
    return Column(
        field.replace("_", " ").capitalize(),
        scope,
        help,
        attr(field),
        field=field,
        read=model_default(model, field),
        example=example,
    )


def named(header: str, scope: str, help: str, field: str, **options) -> Column:
    """A column naming a catalog row (Ancient One, herald, ...), read back by name from
    ``Catalog``'s table of that field."""
    read = catalog_row(f"{field}s")
    return Column(header, scope, help, name_of(field), field=field, read=read, **options)


# -- the format ----------------------------------------------------------------------------

COLUMNS: tuple[Column, ...] = (
    Column(
        "Game",
        GAME,
        _(
            "Ties a game's seat rows together: any text, the same on each row of one game. "
            "A game's rows must follow one another. Export writes the game's number."
        ),
        attr("pk"),
        field="reference",
        target=META,
        required=True,
        example="17",
    ),
    Column(
        "Date played",
        GAME,
        _("The day the game ended, as YYYY-MM-DD. Not in the future."),
        lambda s: s.played_on.isoformat(),
        field="played_on",
        required=True,
        example="2026-01-10",
    ),
    named(
        "Ancient One",
        GAME,
        _("Its name as in the catalog (any case)."),
        "ancient_one",
        required=True,
        example="Cthulhu",
    ),
    Column(
        "Outcome",
        GAME,
        _("closed, sealed, banished or defeat (or the form's wording, e.g. “Sealed the gates”)."),
        attr("outcome"),
        field="outcome",
        read=choice(Outcome),
        required=True,
        example="sealed",
    ),
    Column(
        "Defeat cause",
        GAME,
        _help(gettext_noop("Only for a defeat: %(causes)s."), causes=", ".join(DefeatCause.values)),
        attr("defeat_cause"),
        field="defeat_cause",
        read=choice(DefeatCause),
    ),
    Column(
        "Terror level",
        GAME,
        _("The terror level at the end, 0 to 10."),
        attr("terror_level"),
        field="terror_level",
        required=True,
        example="2",
    ),
    count(
        GAME,
        "elder_signs_played",
        _("Elder Sign unique item cards used during the game (blank means 0)."),
        example="0",
    ),
    count(
        GAME,
        "elder_sign_tokens",
        _("Elder sign tokens on the board at the end (blank means 0); sealing needs 6."),
        example="6",
    ),
    Column(
        "Boxes",
        GAME,
        _help(
            gettext_noop(
                "The boxes in play, separated by “%(separator)s”; the base game included."
            ),
            separator=BOX_SEPARATOR,
        ),
        lambda s: f"{BOX_SEPARATOR} ".join(box.name for box in s.boxes.all()),
        field="boxes",
        read=read_boxes,
        required=True,
        example="Arkham Horror; Dunwich Horror",
    ),
    named("Herald", GAME, _("Optional: the herald's name."), "herald"),
    named("Guardian", GAME, _("Optional: the Kingsport guardian's name."), "guardian"),
    named(
        "Team", GAME, _("Optional: the team the game was played as, by name (any case)."), "team"
    ),
    named(
        "Scenario",
        GAME,
        _(
            "Optional: the league scenario, by name. Its rules apply, judged at the game's "
            "“Submitted at”: a game submitted before the scenario closed may be imported after."
        ),
        "scenario",
    ),
    Column(
        "Tasks",
        GAME,
        _help(
            gettext_noop(
                "Optional: the scenario's tasks completed, by their text, separated by "
                "“%(separator)s”. Needs the Scenario column."
            ),
            separator=TASK_SEPARATOR,
        ),
        lambda s: f"{TASK_SEPARATOR} ".join(task.text for task in s.tasks_done.all()),
        field="tasks_done",
        read=read_tasks,
    ),
    Column(
        "Location", GAME, _("Optional: where it was played."), attr("location"), field="location"
    ),
    Column("Notes", GAME, _("Optional: what happened."), attr("notes"), field="notes"),
    Column(
        "Status",
        GAME,
        _(
            "pending, approved or rejected (blank means pending). "
            "`import_results --status` sets every game's status instead."
        ),
        attr("status"),
        field="status",
        target=META,
        read=choice(Status, default=Status.PENDING),
        example="approved",
    ),
    Column(
        "Rejection reason",
        GAME,
        _(
            "Only for a rejected game: why the staff rejected it (shown to its submitter). "
            "Ignored for a game imported with any other status."
        ),
        lambda s: s.rejection_reason if s.status == Status.REJECTED else "",
        field="rejection_reason",
        target=META,
    ),
    Column(
        "Submitted at",
        GAME,
        _(
            "When the result was submitted, ISO 8601 (e.g. 2026-01-10T21:00:00+00:00); "
            "blank means the moment of the import. Seasons count games submitted before "
            "they close."
        ),
        lambda s: s.created_at.isoformat(),
        field="created_at",
        target=META,
    ),
    Column(
        "Submitted by",
        GAME,
        _(
            "Optional: the username of an existing account. "
            "`import_results --submitted-by` sets it for every game instead."
        ),
        lambda s: s.submitted_by.get_username() if s.submitted_by else "",
        field="submitted_by",
        target=META,
    ),
    Column(
        "Score",
        GAME,
        _("Written by export for reference; ignored on import (the rules recompute it)."),
        lambda s: "" if s.score is None else s.score,
        target=IGNORED,
    ),
    Column(
        "Player",
        SEAT,
        _("The player's name: an existing player (any case) or a new one."),
        lambda seat: seat.player.name,
        field="player_name",
        required=True,
        example="Ann Armitage",
    ),
    named(
        "Investigator",
        SEAT,
        _("The investigator who ended the game in this seat, by name."),
        "investigator",
        required=True,
        example="Amanda Sharpe",
    ),
    Column(
        "Seat ended",
        SEAT,
        _(
            "sane, devoured, retired or lost (blank means sane). Lost (in time and space) "
            "counts as surviving in a closed or sealed game; a banished game refuses it (the "
            "awakening devoured them)."
        ),
        attr("ended"),
        field="ended",
        read=choice(Seat.Ended, default=Seat.Ended.SANE),
        example="sane",
    ),
    count(
        SEAT,
        "replaced",
        _("Earlier investigators this seat lost and replaced (blank means 0)."),
        example="0",
    ),
    count(
        SEAT,
        "gate_trophies",
        _("Unspent gate trophies held at the end (blank means 0)."),
        example="1",
    ),
    count(
        SEAT,
        "monster_trophies",
        _("Unspent monster trophies held at the end (blank means 0)."),
        example="0",
    ),
    count(
        SEAT,
        "unpaid_loans",
        _("Bank Loans unpaid at the end, at most one per investigator (blank means 0)."),
        example="0",
    ),
)

HEADERS = [column.header for column in COLUMNS]
GAME_COLUMNS = [column for column in COLUMNS if column.scope == GAME]
SEAT_COLUMNS = [column for column in COLUMNS if column.scope == SEAT]
BY_KEY = {column.key: column for column in COLUMNS}
# The column that shows a form field's errors, for the game form and the seat form.
BY_FIELD = {(column.scope, column.field): column for column in COLUMNS if column.field}


def cell_text(value) -> str:
    """A cell as text, whatever the file stored: XLSX numbers and dates included."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value).strip()
