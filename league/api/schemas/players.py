"""What the API answers about players: a player, their record, the standings, seasons."""

import datetime

from ninja import Schema

from league.queries.ratings import RatingShown

from .ratings import RatingOut


class PlayerOut(Schema):
    name: str
    slug: str
    url: str


class RecordRow(Schema):
    games: int
    victories: int
    win_pct: float | None
    best_score: int | None
    mean_score: float | None


class AncientOneRecord(RecordRow):
    ancient_one: str
    ancient_one_slug: str


class InvestigatorRecord(Schema):
    investigator: str
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
        return RatingShown(row.rating, row.rating_mu, row.rating_sigma, row.rating_games).as_dict()


class SeasonOut(Schema):
    name: str
    slug: str
    start: datetime.date
    end: datetime.date
