"""What the API answers about players: a player, their record, the standings, seasons."""

import datetime

from ninja import Field, Schema

from league.queries.ratings import RatingShown

from .common import Link
from .ratings import RatingOut


class PlayerOut(Link):
    pass


class RecordRow(Schema):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None


class AncientOneRecord(RecordRow):  # a row of ``AncientOneRecordQuerySet.record``
    ancient_one: str = Field(alias="ancient_one__name")
    ancient_one_slug: str = Field(alias="ancient_one__slug")


class InvestigatorRecord(Schema):
    investigator: str = Field(alias="investigator__name")
    seats: int
    victories: int


class TeammateRecord(Schema):
    name: str
    slug: str
    games: int
    victories: int


class PlayerRecordOut(Schema):
    player: PlayerOut
    season: str | None
    summary: RecordRow
    first_citizen_titles: int
    by_ancient_one: list[AncientOneRecord]
    investigators: list[InvestigatorRecord]
    teammates: list[TeammateRecord]
    rating: RatingOut | None


class StandingOut(Schema):
    name: str
    slug: str
    games: int
    victories: int
    win_pct: float | None
    first_citizen_titles: int
    best_score: int | None
    avg_victory_score: float | None
    gate_trophies: int
    monster_trophies: int
    rating: RatingOut | None

    @staticmethod
    def resolve_rating(row) -> dict | None:
        """The rating annotated on a standings row (``league.queries.standings``)."""
        if row.rating is None:
            return None
        return RatingShown(row.rating, row.rating_mu, row.rating_sigma, row.rating_games)


class SeasonOut(Schema):
    name: str
    slug: str
    start: datetime.date
    end: datetime.date
