"""Players, a player's record, seasons and the standings: the pages' own queries."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Query, Router
from ninja.errors import HttpError
from ninja.pagination import paginate

from games.models import Player
from league.models import Season
from league.pages.filters import MOST_GAMES
from league.pages.players import StandingsFilter
from league.queries.players import player_profile
from league.queries.ratings import rating_of, with_rating

from .http import BoundedPagination, answers, conditional, invalid_filters, league_of, league_param
from .schemas.players import PlayerOut, PlayerRecordOut, SeasonOut, StandingOut

router = Router(tags=["players"])


@router.get("/players", response=answers(list[PlayerOut], missing=True), summary="Every player")
@paginate(BoundedPagination, page_size=100)
@conditional
def list_players(request, league: str | None = league_param()):
    """Players with an approved game of the league: nobody seen only in pending or
    rejected games, nor only in another league's."""
    return Player.objects.listed(league_of(request, league)).order_by("name")


def season_by_slug(slug: str | None, league) -> Season | None:
    # None for none given; 422 for no such season.
    if not slug:
        return None
    season = league.seasons.filter(slug=slug).first()
    if season is None:
        raise HttpError(422, _("No season is called “%(slug)s”.") % {"slug": slug})
    return season


@router.get(
    "/players/{slug}",
    response=answers(PlayerRecordOut, missing=True),
    summary="A player's record (approved games), all time or in a season",
)
@conditional
def get_player(request, slug: str, season: str | None = None, league: str | None = league_param()):
    within = league_of(request, league)
    player = get_object_or_404(with_rating(Player.objects.listed(within)), slug=slug)
    chosen = season_by_slug(season, within)
    profile = player_profile(player, within, season=chosen)
    return {
        **vars(profile),  # its fields, as the schema names them
        "player": player,
        "season": chosen.slug if chosen else None,
        "first_citizen_titles": profile.summary["first_citizen_titles"],
        # All time, whatever the season: the rating is over every approved game.
        "rating": rating_of(player),
    }


@router.get(
    "/seasons",
    response=answers(list[SeasonOut], missing=True),
    summary="The league's seasons",
    tags=["standings"],
)
@conditional
def list_seasons(request, league: str | None = league_param()):
    return list(league_of(request, league).seasons.all())


@router.get(
    "/standings",
    response=answers(list[StandingOut], missing=True),
    summary="Standings: one row per player, all time or by season",
    tags=["standings"],
)
@paginate(BoundedPagination, page_size=100)
@conditional
def list_standings(
    request,
    season: str | None = None,
    min_games: int = Query(1, ge=1, le=MOST_GAMES),
    league: str | None = league_param(),
):
    """The standings page's rows and order: most victories first."""
    chosen = league_of(request, league)
    season_by_slug(season, chosen)  # an unknown season is an error, not "all time"
    data = {"season": season or "", "min_games": min_games}
    filterset = StandingsFilter(data, league=chosen)
    if not filterset.is_valid():
        raise invalid_filters(filterset)
    return filterset.qs.order_by("-victories", "-games", "name")
