"""Reading and writing single cells of the results format.

Readers turn a cell's text into what the result form would receive from a browser (a
catalog row's id, a choice's value); the form then judges it. Writers give an export's
cell from a game or a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import models

from games.models import Session

from .names import Catalog, NameNotFound, name_key

# Between the boxes of a game in one cell.
BOX_SEPARATOR = ";"


class CellError(ValueError):
    """A cell that cannot be read at all (the form never sees its value)."""


Reader = Callable[[str, Catalog], Any]
Writer = Callable[[Any], Any]


# -- readers -----------------------------------------------------------------------------


def model_default(model: type[models.Model], field: str) -> Reader:
    """A blank cell means the model's default (0 trophies, a sane seat): the form's
    initial value, which a browser would have sent."""
    default = model._meta.get_field(field).get_default()

    def read(text: str, catalog: Catalog):
        return text if text else str(default)

    return read


def choice(choices: type[models.TextChoices], *, default: str = "") -> Reader:
    """A choice by its stored value or its label, any case."""
    by_key = {name_key(value): value for value in choices.values}
    by_key.update({name_key(label): value for value, label in choices.choices})

    def read(text: str, catalog: Catalog) -> str:
        if not text:
            return default
        try:
            return by_key[name_key(text)]
        except KeyError:
            allowed = ", ".join(choices.values)
            raise CellError(f"“{text}” is not one of: {allowed}.") from None

    return read


def catalog_row(table: str) -> Reader:
    """A catalog row (Ancient One, herald, ...) by name, as the form's select gives it."""

    def read(text: str, catalog: Catalog):
        if not text:
            return ""
        try:
            return getattr(catalog, table).find(text).pk
        except NameNotFound as error:
            raise CellError(str(error)) from None

    return read


def read_boxes(text: str, catalog: Catalog) -> list[int]:
    names = [name for name in text.split(BOX_SEPARATOR) if name.strip()]
    found, problems = [], []
    for name in names:
        try:
            found.append(catalog.boxes.find(name).pk)
        except NameNotFound as error:
            problems.append(str(error))
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


def write_boxes(session: Session) -> str:
    return f"{BOX_SEPARATOR} ".join(box.name for box in session.boxes.all())


def write_submitted_at(session: Session) -> str:
    return session.created_at.isoformat()


def write_submitted_by(session: Session) -> str:
    return session.submitted_by.get_username() if session.submitted_by else ""


def write_score(session: Session):
    return "" if session.score is None else session.score
