"""Catalog names as a spreadsheet spells them: matched to rows as the result form offers them.

The form picks Ancient Ones, boxes, heralds, guardians, investigators, teams and scenarios
from lists, so a typed name only has to find its row: case, spacing, look-alike letters
(all as ``games.names.name_key`` decides for players and teams), typographic quotes and
the label the form shows beside a name ("Cthulhu (doom track 13)") do not matter.
"""

from __future__ import annotations

import difflib
import re

from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.models import (
    AncientOne,
    Box,
    Guardian,
    Herald,
    Investigator,
    Scenario,
    ScenarioTask,
    Team,
)
from games.names import name_key
from games.translation import spellings

# Quotes people type for the apostrophes and quotes in catalog names ("Skids" O'Toole).
QUOTES = str.maketrans({"‘": "'", "’": "'", "ʼ": "'", "“": '"', "”": '"'})
# The form's labels add a note in brackets after a name: "Amanda Sharpe (Student)".
TRAILING_NOTE = re.compile(r"\s*\([^()]*\)\s*$")


def catalog_key(text: str) -> str:
    """``games.names.name_key`` with typographic quotes read as straight ones: catalog
    names are printed with straight quotes, spreadsheets type curly ones."""
    return name_key(text.translate(QUOTES))


def _with_hint(message: str, close: list[str]) -> str:
    """``message``, then the nearest spellings, if any, offered."""
    if not close:
        return message
    conjunction = pgettext("between suggested names", "or")
    names = f" {conjunction} ".join(close)
    return f"{message} " + _("Did you mean %(names)s?") % {"names": names}


class NameNotFound(ValueError):
    """A name that matches no row; the message suggests the nearest spellings."""


class CatalogNames:
    """One catalog table's rows by spelling-independent name, loaded once per import."""

    def __init__(self, model: type[Model], not_found: str, league=None):
        self.not_found = not_found
        rows = model.objects.all()
        if league is not None:  # a league's own table: its rows only
            rows = rows.filter(league=league)
        rows = list(rows)
        self.rows = {catalog_key(row.name): row for row in rows}
        # A file written in another language names the boxes and heralds as printed there.
        for row in rows:
            for name in spellings(row):
                self.rows.setdefault(catalog_key(name), row)
        self.names = sorted(row.name for row in rows)

    def find(self, text: str):
        """The row named ``text``; raises ``NameNotFound`` with suggestions."""
        key = catalog_key(text)
        row = self.rows.get(key) or self.rows.get(TRAILING_NOTE.sub("", key))
        if row is not None:
            return row
        close = difflib.get_close_matches(text.strip(), self.names, n=3, cutoff=0.6)
        raise NameNotFound(_with_hint(self.not_found % {"name": text.strip()}, close))


class Catalog:
    """Every catalog table a results file names, each loaded on first use; the teams and
    scenarios are ``league``'s (another league's are not found)."""

    TABLES = {
        "ancient_ones": (AncientOne, gettext_lazy("No Ancient One is called “%(name)s”.")),
        "boxes": (Box, gettext_lazy("No box is called “%(name)s”.")),
        "heralds": (Herald, gettext_lazy("No herald is called “%(name)s”.")),
        "guardians": (Guardian, gettext_lazy("No guardian is called “%(name)s”.")),
        "investigators": (Investigator, gettext_lazy("No investigator is called “%(name)s”.")),
        "teams": (Team, gettext_lazy("No team is called “%(name)s”.")),
        "scenarios": (Scenario, gettext_lazy("No scenario is called “%(name)s”.")),
    }

    # The tables whose rows belong to a league.
    OWNED = ("teams", "scenarios")

    def __init__(self, league):
        self.league = league
        self._tables: dict[str, CatalogNames] = {}
        self._tasks: dict[int, dict[str, object]] = {}

    def task(self, scenario_id: int, text: str):
        """The task of this scenario whose text is ``text`` (spelled as names are)."""
        if scenario_id not in self._tasks:
            tasks = ScenarioTask.objects.filter(scenario_id=scenario_id)
            self._tasks[scenario_id] = {catalog_key(task.text): task for task in tasks}
        tasks = self._tasks[scenario_id]
        found = tasks.get(catalog_key(text))
        if found is None:
            texts = sorted(task.text for task in tasks.values())
            close = difflib.get_close_matches(text.strip(), texts, n=2, cutoff=0.6)
            message = _("The scenario has no task “%(text)s”.") % {"text": text.strip()}
            raise NameNotFound(_with_hint(message, [f"“{task}”" for task in close]))
        return found

    def __getattr__(self, table: str) -> CatalogNames:
        if table not in self.TABLES:
            raise AttributeError(table)
        if table not in self._tables:
            model, not_found = self.TABLES[table]
            league = self.league if table in self.OWNED else None
            self._tables[table] = CatalogNames(model, not_found, league)
        return self._tables[table]
