"""Heralds and boxes with the games each was in play and the games without it, as the
heralds and boxes pages show them."""

from ninja import Router
from ninja.pagination import paginate

from league.queries.in_play import box_standings, herald_standings

from .http import BoundedPagination, answers, by_lower_bound, conditional, league_of, league_param
from .players import season_by_slug
from .schemas.in_play import BoxOut, HeraldOut

router = Router(tags=["heralds and boxes"])


@router.get(
    "/heralds",
    response=answers(list[HeraldOut], missing=True),
    summary="Every herald: approved games with it and without it, all time or by season",
)
@paginate(BoundedPagination, page_size=100)
@conditional
def list_heralds(request, season: str | None = None, league: str | None = league_param()):
    """The heralds page's rows and default order."""
    within = league_of(request, league)
    return by_lower_bound(herald_standings(within, season=season_by_slug(season, within)))


@router.get(
    "/boxes",
    response=answers(list[BoxOut], missing=True),
    summary="Every box: approved games with it in play and without it, all time or by season",
)
@paginate(BoundedPagination, page_size=100)
@conditional
def list_boxes(request, season: str | None = None, league: str | None = league_param()):
    """The boxes page's rows and default order."""
    within = league_of(request, league)
    return by_lower_bound(box_standings(within, season=season_by_slug(season, within)))
