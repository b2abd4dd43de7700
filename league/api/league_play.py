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
from league.queries import (
    scenario_board,
    scenario_detail,
    scenario_overview,
    series_player_standings,
    series_scenarios,
    series_team_standings,
    team_profile,
    team_standings,
)

from .games import link as ref
from .http import answers, league_of, league_param
from .pagination import BoundedPagination
from .players import ancient_one_records, season_by_slug
from .schemas.league_play import (
    ScenarioDetailOut,
    ScenarioOut,
    SeriesDetailOut,
    SeriesRef,
    TeamDetailOut,
    TeamStandingOut,
)

router = Router()


STANDING_FIELDS = [
    name for name in TeamStandingOut.model_fields if name not in ("name", "slug", "url")
]


def team_standing_out(row) -> dict:
    return {**ref(row), **{name: getattr(row, name) for name in STANDING_FIELDS}}


@router.get(
    "/teams",
    response=answers(list[TeamStandingOut], cached=False, missing=True),
    summary="Team standings: one row per team, all time or by season",
    tags=["teams"],
)
@paginate(BoundedPagination, page_size=100, shape=team_standing_out)
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
    profile = team_profile(team, season=chosen)
    return {
        "team": ref(team),
        "season": chosen.slug if chosen else None,
        "captain": profile.captain.name if profile.captain else None,
        "members": [{"name": player.name, "slug": player.slug} for player in profile.members],
        "summary": profile.summary,
        "by_ancient_one": ancient_one_records(profile.by_ancient_one),
        "entries": [
            {
                "game_id": game.pk,
                "scenario": ref(game.scenario),
                "played_on": game.played_on,
                "ancient_one": game.ancient_one.name,
                "score": game.score,
                "scenario_score": game.scenario_score,
                "url": game.get_absolute_url(),
            }
            for game in profile.entries
        ],
    }


def scenario_out(scenario, state: str) -> dict:
    return {
        **ref(scenario),
        "state": state,
        "series": scenario.series.slug if scenario.series else None,
        "opens_at": scenario.opens_at,
        "closes_at": scenario.closes_at,
        "entries": getattr(scenario, "entries", 0),
    }


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
    return [
        scenario_out(scenario, state)
        for state, scenarios in (
            ("open", overview.open),
            ("upcoming", overview.upcoming),
            ("closed", overview.closed),
        )
        for scenario in scenarios
    ]


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
    board = list(scenario_board(scenario).for_tables())
    return {
        **scenario_out(scenario, state_of(scenario, timezone.now())),
        "entries": len(board),
        "briefing": scenario.briefing,
        "ancient_ones": [ancient.name for ancient in scenario.ancient_ones.all()],
        "herald": scenario.herald.name if scenario.herald else None,
        "boxes_required": [box.name for box in scenario.boxes_required.all()],
        "boxes_allowed": [box.name for box in scenario.boxes_allowed.all()],
        "investigators_min": scenario.investigators_min,
        "investigators_max": scenario.investigators_max,
        "tasks": [task.text for task in scenario.tasks.all()],
        "board": [
            {
                "rank": game.rank,
                "game_id": game.pk,
                "team": ref(game.team),
                "players": list(dict.fromkeys(seat.player.name for seat in game.seats.all())),
                "played_on": game.played_on,
                "ancient_one": game.ancient_one.name,
                "outcome": game.outcome,
                "score": game.score,
                "tasks_completed": game.tasks_completed,
                "scenario_score": game.scenario_score,
                "submitted_at": game.created_at,
                "url": game.get_absolute_url(),
            }
            for game in board
        ],
    }


@router.get(
    "/series",
    response=answers(list[SeriesRef], cached=False, missing=True),
    summary="Every series",
    tags=["scenarios"],
)
def list_series(request, league: str | None = league_param()):
    series = Series.objects.of_league(league_of(request, league))
    return [ref(one) for one in series.order_by("name")]


@router.get(
    "/series/{slug}",
    response=answers(SeriesDetailOut, cached=False, missing=True),
    summary="A series: its scenarios and its standings per team and per player",
    tags=["scenarios"],
)
def get_series(request, slug: str, league: str | None = league_param()):
    series = get_object_or_404(Series.objects.of_league(league_of(request, league)), slug=slug)
    return {
        **ref(series),
        "description": series.description,
        "scenarios": [
            {**ref(scenario), "entries": scenario.entries} for scenario in series_scenarios(series)
        ],
        "teams": [
            {**ref(row.team), "entries": row.entries, "points": row.points}
            for row in series_team_standings(series)
        ],
        "players": [
            {
                "name": row.player.name,
                "slug": row.player.slug,
                "entries": row.entries,
                "points": row.points,
            }
            for row in series_player_standings(series)
        ],
    }
