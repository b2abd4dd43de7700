"""Teams, scenarios and series: the pages' own queries (``league.queries``).

These answers are not conditional (no ETag or Last-Modified): team members, scenarios and
series change without any game changing, so the games' clock would answer 304 too often.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Router
from ninja.pagination import paginate

from games.models import Series, Team
from league.queries.scenarios import (
    scenario_board,
    scenario_detail,
    scenario_overview,
    series_player_standings,
    series_scenarios,
    series_team_standings,
)
from league.queries.teams import team_profile, team_standings

from .http import BoundedPagination, answers, league_of, league_param
from .players import season_by_slug
from .schemas.league_play import (
    ScenarioDetailOut,
    ScenarioOut,
    SeriesDetailOut,
    SeriesRef,
    TeamDetailOut,
    TeamStandingOut,
)

router = Router()


@router.get(
    "/teams",
    response=answers(list[TeamStandingOut], cached=False, missing=True),
    summary="Team standings: one row per team, all time or by season",
    tags=["teams"],
)
@paginate(BoundedPagination, page_size=100)
def list_teams(request, season: str | None = None, league: str | None = league_param()):
    """The team standings page's rows: series points first, then victories."""
    within = league_of(request, league)
    rows = team_standings(within, season_by_slug(season, within))
    return rows.order_by("-series_points", "-victories", "-games", "name")


@router.get(
    "/teams/{slug}",
    response=answers(TeamDetailOut, cached=False, missing=True),
    summary="A team: members, record (approved games) and scenario entries",
    tags=["teams"],
)
def get_team(request, slug: str, season: str | None = None, league: str | None = league_param()):
    within = league_of(request, league)
    team = get_object_or_404(Team.objects.of_league(within), slug=slug)
    chosen = season_by_slug(season, within)
    profile = team_profile(team, season=chosen)  # its fields, as the schema names them
    return {**vars(profile), "team": team, "season": chosen.slug if chosen else None}


def state_of(scenario, moment) -> str:
    if scenario.opens_at > moment:
        return "upcoming"
    return "open" if scenario.closes_at > moment else "closed"


@router.get(
    "/scenarios",
    response=answers(list[ScenarioOut], cached=False, missing=True),
    summary="Every scenario: open (closing soonest first), upcoming, then closed",
    tags=["scenarios"],
)
def list_scenarios(request, league: str | None = league_param()):
    overview = scenario_overview(league_of(request, league))
    scenarios = [*overview.open, *overview.upcoming, *overview.closed]
    for scenario in scenarios:
        scenario.state = state_of(scenario, overview.moment)
    return scenarios


@router.get(
    "/scenarios/{slug}",
    response=answers(ScenarioDetailOut, cached=False, missing=True),
    summary="A scenario: what it allows, its tasks and its board of entries",
    tags=["scenarios"],
)
def get_scenario(request, slug: str, league: str | None = league_param()):
    scenario = scenario_detail(slug, league_of(request, league))
    if scenario is None:
        raise Http404("No scenario has this address.")
    scenario.state = state_of(scenario, timezone.now())
    scenario.board = list(scenario_board(scenario).for_tables())
    scenario.entries = len(scenario.board)
    return scenario


@router.get(
    "/series",
    response=answers(list[SeriesRef], cached=False, missing=True),
    summary="Every series",
    tags=["scenarios"],
)
def list_series(request, league: str | None = league_param()):
    return Series.objects.of_league(league_of(request, league)).order_by("name")


@router.get(
    "/series/{slug}",
    response=answers(SeriesDetailOut, cached=False, missing=True),
    summary="A series: its scenarios and its standings per team and per player",
    tags=["scenarios"],
)
def get_series(request, slug: str, league: str | None = league_param()):
    series = get_object_or_404(Series.objects.of_league(league_of(request, league)), slug=slug)
    series.scenario_rows = series_scenarios(series)
    series.team_rows = series_team_standings(series)
    series.player_rows = series_player_standings(series)
    return series
