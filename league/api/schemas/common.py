"""What several answers share: links to a player, a team or a scenario, the error body, and
related rows answered by their name or text.

An answer's schema reads the model objects themselves (django-ninja resolves ``alias``
paths, ``resolve_*`` methods and calls ``get_absolute_url``)."""

from typing import Annotated

from ninja import Field, Schema
from pydantic import BeforeValidator


def _attribute(name: str) -> BeforeValidator:
    return BeforeValidator(lambda row: row if isinstance(row, str) else getattr(row, name))


# A related row (an Ancient One, a box, a herald...) answered by its name; a task by its text.
Name = Annotated[str, _attribute("name")]
Text = Annotated[str, _attribute("text")]


class PlayerRef(Schema):
    name: str
    slug: str


class Link(PlayerRef):  # a row with its page's address
    url: str = Field(alias="get_absolute_url")


class TeamLink(Link):
    pass


class ScenarioLink(Link):
    pass


class ErrorOut(Schema):
    detail: str | dict | list
