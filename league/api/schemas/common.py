"""What several answers share: links to a player, a team or a scenario, and the error body."""

from ninja import Schema


class PlayerRef(Schema):
    name: str
    slug: str


class TeamLink(Schema):
    name: str
    slug: str
    url: str


class ScenarioLink(Schema):
    name: str
    slug: str
    url: str


class ErrorOut(Schema):
    detail: str | dict | list
