"""Games: the leaderboard's filters and sorting over every game the caller may see."""

import datetime
import re
from typing import Annotated, Literal

import django_filters
from django.db.models import F, Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema
from ninja.errors import HttpError
from ninja.pagination import paginate
from pydantic import BeforeValidator

from games import rules
from games.models import Outcome, Seat
from league.pages.games import LeaderboardFilter
from league.queries.games import visible_games

from .http import BoundedPagination, answers, conditional, invalid_filters, league_of, league_param
from .schemas.games import GameDetailOut, GameOut

router = Router(tags=["games"])

SORTS = {
    "-score": [F("score").desc(nulls_last=True), "played_on", "pk"],
    "score": [F("score").asc(nulls_last=True), "played_on", "pk"],
    "-played_on": ["-played_on", "-pk"],
    "played_on": ["played_on", "pk"],
}


class GamesFilter(LeaderboardFilter):
    """The leaderboard's filters, over defeats too (the leaderboard ranks victories)."""

    outcome = django_filters.ChoiceFilter(choices=Outcome.choices)


def _iso_date(value):
    # A date is a date: pydantic would also read "0" or "1700000000" as a Unix time.
    if isinstance(value, str) and not ISO_DATE.fullmatch(value):
        raise ValueError(_("Enter a date as YYYY-MM-DD."))
    return value


ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
IsoDate = Annotated[datetime.date, BeforeValidator(_iso_date)]


class GameQuery(Schema):
    ancient_one: str | None = None
    outcome: Literal["closed", "sealed", "banished", "defeat"] | None = None
    investigators: int | None = Field(None, ge=rules.MIN_INVESTIGATORS, le=rules.MAX_INVESTIGATORS)
    season: str | None = None
    played_after: IsoDate | None = None
    played_before: IsoDate | None = None
    player: str | None = Field(None, description="A listed player's slug (404 if none).")
    boxes: list[str] = []
    sort: Literal["-score", "score", "-played_on", "played_on"] = "-played_on"


@router.get(
    "/games", response=answers(list[GameOut], missing=True), summary="Games, filtered and sorted"
)
@paginate(BoundedPagination, page_size=50)
@conditional
def list_games(request, filters: Query[GameQuery], league: str | None = league_param()):
    """A league's approved games, and the caller's own pending ones (staff: every game),
    with the leaderboard's filters (slugs for Ancient One, season, player and boxes)."""
    data = filters.dict(exclude={"sort"}, exclude_none=True)
    chosen = league_of(request, league)
    filterset = GamesFilter(data, queryset=visible_games(request.user, chosen), league=chosen)
    if not filterset.is_valid():
        if "player" in filterset.errors:
            # A name, like /api/players/{slug}: not there is a 404, not a malformed request.
            raise HttpError(404, _("No player is called “%(name)s”.") % {"name": filters.player})
        raise invalid_filters(filterset)
    return filterset.qs.for_tables().order_by(*SORTS[filters.sort])


@router.get(
    "/games/{game_id}",
    response=answers(GameDetailOut, missing=True),
    summary="One game with its seats and score breakdown",
)
@conditional
def get_game(request, game_id: int, league: str | None = league_param()):
    seats = Seat.objects.select_related("player", "investigator").order_by("position", "pk")
    games = (
        visible_games(request.user, league_of(request, league))
        .select_related("ancient_one", "herald", "guardian", "team", "scenario")
        .prefetch_related("boxes", "tasks_done", Prefetch("seats", queryset=seats))
    )
    return get_object_or_404(games, pk=game_id)
