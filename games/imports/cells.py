"""Reading and writing single cells of the results format.

Readers turn a cell's text into what the result form would receive from a browser (a
catalog row's id, a choice's value); the form then judges it. A reader also sees what the
game's earlier columns gave (the tasks are looked up within the game's scenario).
Writers give an export's cell from a game or a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import models
from django.utils import translation
from django.utils.translation import gettext as _

from .names import Catalog, NameNotFound, catalog_key

# Between the boxes (and the scenario tasks) of a game in one cell.
BOX_SEPARATOR = ";"
TASK_SEPARATOR = ";"


class CellError(ValueError):
    """A cell that cannot be read at all (the form never sees its value)."""


# (cell text, catalog, the form data read so far for this game) -> the form's value
Reader = Callable[[str, Catalog, dict], Any]
Writer = Callable[[Any], Any]


# -- readers -----------------------------------------------------------------------------


def model_default(model: type[models.Model], field: str) -> Reader:
    """A blank cell means the model's default (0 trophies, a sane seat): the form's
    initial value, which a browser would have sent."""
    default = model._meta.get_field(field).get_default()

    def read(text: str, catalog: Catalog, data: dict):
        return text if text else str(default)

    return read


def choice(choices: type[models.TextChoices], *, default: str = "") -> Reader:
    """A choice by its stored value or its label (in English, or in the language of the
    import), any case: a file reads the same whoever imports it."""

    def labels() -> dict[str, str]:
        return {catalog_key(str(label)): value for value, label in choices.choices}

    @cache
    def known() -> dict[str, str]:
        with translation.override("en"):  # read once the apps are ready, not at import
            return {**labels(), **{catalog_key(value): value for value in choices.values}}

    def read(text: str, catalog: Catalog, data: dict) -> str:
        if not text:
            return default
        key = catalog_key(text)
        found = known().get(key) or labels().get(key)
        if found is None:
            allowed = ", ".join(choices.values)
            raise CellError(
                _("“%(text)s” is not one of: %(allowed)s.") % {"text": text, "allowed": allowed}
            )
        return found

    return read


def catalog_row(table: str) -> Reader:
    """A catalog row (Ancient One, herald, ...) by name, as the form's select gives it."""

    def read(text: str, catalog: Catalog, data: dict):
        if not text:
            return ""
        try:
            return getattr(catalog, table).find(text).pk
        except NameNotFound as error:
            raise CellError(str(error)) from None

    return read


def read_boxes(text: str, catalog: Catalog, data: dict) -> list[int]:
    found, problems = [], []
    for item in (item for item in text.split(BOX_SEPARATOR) if item.strip()):
        try:
            found.append(catalog.boxes.find(item).pk)
        except NameNotFound as error:
            problems.append(str(error))
    if problems:
        raise CellError(" ".join(problems))
    return found


def read_tasks(text: str, catalog: Catalog, data: dict) -> list[int]:
    """The scenario's tasks by their text; the Scenario column must name the scenario."""
    if not text.strip():
        return []
    scenario_id = data.get("scenario")
    if not scenario_id:
        raise CellError(_("Tasks count only in a scenario: fill in the Scenario column."))
    # A task's own text may hold the separator: the longest run of pieces that names a
    # task wins, so such a task still reads back as one.
    pieces = text.split(TASK_SEPARATOR)
    found, problems, start = [], [], 0
    while start < len(pieces):
        for end in range(len(pieces), start, -1):
            candidate = TASK_SEPARATOR.join(pieces[start:end])
            try:
                found.append(catalog.task(scenario_id, candidate).pk)
            except NameNotFound as error:
                if end == start + 1 and candidate.strip():
                    problems.append(str(error))
                continue
            start = end
            break
        else:
            start += 1
    if problems:
        raise CellError(" ".join(problems))
    return found


# -- writers -----------------------------------------------------------------------------


def name_of(attribute: str) -> Writer:
    def write(row) -> str:
        related = getattr(row, attribute)
        return related.name if related is not None else ""

    return write


def attr(attribute: str) -> Writer:
    return lambda row: getattr(row, attribute)
