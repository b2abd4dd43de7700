"""What the API answers about investigators: their records, as the investigator pages."""

from ninja import Field, Schema

from .common import Name, Rated, TableSizeRecord
from .games import GameOut


class InvestigatorOut(Rated):
    name: str
    slug: str
    occupation: str
    box: Name
    url: str = Field(alias="get_absolute_url")
    devoured: int
    lost: int
    retired: int


class InvestigatorAncientOneRecord(Rated):
    ancient_one: Name
    ancient_one_slug: str = Field(alias="ancient_one.slug")


class InvestigatorPlayer(Schema):  # a ``PlayerInvestigator``
    name: str = Field(alias="player.name")
    slug: str = Field(alias="player.slug")
    seats: int
    victories: int


class InvestigatorDetailOut(Schema):
    investigator: InvestigatorOut
    season: str | None
    by_ancient_one: list[InvestigatorAncientOneRecord]
    by_investigator_count: list[TableSizeRecord]
    players: list[InvestigatorPlayer]
    best_games: list[GameOut]
