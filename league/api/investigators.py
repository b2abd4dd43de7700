"""Investigators with their statistics, as the investigator pages show them."""

from django.shortcuts import get_object_or_404
from ninja import Query, Router
from ninja.pagination import paginate

from games.models import Investigator
from league.pages.filters import MOST_GAMES
from league.queries.investigators import investigator_profile, investigator_standings

from .http import BoundedPagination, answers, by_lower_bound, conditional, league_of, league_param
from .players import season_by_slug
from .schemas.investigators import InvestigatorDetailOut, InvestigatorOut

router = Router(tags=["investigators"])


@router.get(
    "/investigators",
    response=answers(list[InvestigatorOut], missing=True),
    summary="Every investigator's record: by win rate's lower bound, all time or by season",
)
@paginate(BoundedPagination, page_size=100)
@conditional
def list_investigators(
    request,
    season: str | None = None,
    min_games: int | None = Query(None, ge=1, le=MOST_GAMES),
    league: str | None = league_param(),
):
    """The investigators page's rows and default order: the win rate's lower bound first
    (never played last), then by name."""
    within = league_of(request, league)
    rows = investigator_standings(within, season=season_by_slug(season, within))
    return by_lower_bound(rows.filter(games__gte=min_games or 0))


@router.get(
    "/investigators/{slug}",
    response=answers(InvestigatorDetailOut, missing=True),
    summary="One investigator: record by Ancient One and by number of investigators, "
    "the public players who play them most, their best games",
)
@conditional
def get_investigator(
    request, slug: str, season: str | None = None, league: str | None = league_param()
):
    investigator = get_object_or_404(Investigator, slug=slug)
    within = league_of(request, league)
    chosen = season_by_slug(season, within)
    profile = investigator_profile(investigator, within, season=chosen)
    return {
        "investigator": profile.summary,
        "season": chosen.slug if chosen else None,
        "by_ancient_one": profile.by_ancient_one,
        "by_investigator_count": profile.by_table_size,
        "players": profile.players,
        "best_games": profile.best_games,
    }
