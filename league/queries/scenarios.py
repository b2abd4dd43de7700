"""League scenarios: the list, one scenario's board of entries (``Session.is_entry``,
ruling 9), series standings; counts and points (ruling 10) from the summary rows."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Coalesce, Rank
from django.utils import timezone

from games.models import Scenario, Series, SeriesPlayerStanding, SeriesTeamStanding

from .games import LeagueGames, league_games


@dataclass
class ScenarioOverview:  # by state at one moment: open (closing soonest first), ...
    moment: datetime.datetime
    open: list[Scenario] = field(default_factory=list)
    upcoming: list[Scenario] = field(default_factory=list)
    closed: list[Scenario] = field(default_factory=list)


def with_entries(scenarios: QuerySet[Scenario]) -> QuerySet[Scenario]:
    # A scenario without approved entries has no summary row: a left join, and 0.
    return scenarios.annotate(entries=Coalesce(F("summary__entries"), 0))


def scenario_overview(league, moment: datetime.datetime | None = None) -> ScenarioOverview:
    moment = moment or timezone.now()
    overview = ScenarioOverview(moment=moment)
    scenarios = Scenario.objects.of_league(league).select_related("series")
    for scenario in with_entries(scenarios).order_by("closes_at", "name"):
        if scenario.opens_at > moment:
            overview.upcoming.append(scenario)
        elif scenario.closes_at > moment:
            overview.open.append(scenario)
        else:
            overview.closed.append(scenario)
    overview.closed.reverse()  # the latest closed first
    return overview


def scenario_detail(slug: str, league, *, with_rules: bool = True) -> Scenario | None:
    """The scenario with what it allows and its ``entries`` (its board's pages need no
    COUNT); None when ``league`` has none at this address. ``with_rules=False`` leaves what
    it allows (Ancient Ones, boxes, tasks) to be read where shown: a page keeps that part
    rendered."""
    scenarios = with_entries(Scenario.objects.of_league(league).filter(slug=slug))
    scenarios = scenarios.select_related("series", "herald")
    if with_rules:
        scenarios = scenarios.prefetch_related(
            "ancient_ones", "boxes_required", "boxes_allowed", "tasks"
        )
    return scenarios.first()


def scenario_board(scenario: Scenario | int) -> LeagueGames:
    """The scenario's entries, best scenario score first (defeats last, ties by earlier
    submission), with a ``rank`` shared by equal scores as on the leaderboard."""
    by_score = F("scenario_score").desc(nulls_last=True)
    order = [by_score, F("created_at").asc(), F("pk").asc()]
    # A scenario is one league's, and only its league's games are recorded for it
    # (the result form offers no other): its board is that league's.
    return (
        league_games(scenario.league_id)
        .filter(scenario=scenario, is_entry=True)
        .annotate(rank=Window(Rank(), order_by=[by_score]))
        .select_related("ancient_one", "team")
        .order_by(*order)
    )


def series_team_standings(series: Series) -> QuerySet[SeriesTeamStanding]:
    return (
        SeriesTeamStanding.objects.filter(series=series, entries__gt=0)
        .select_related("team")
        .order_by("-points", "-entries", "team__name")
    )


def series_player_standings(series: Series) -> QuerySet[SeriesPlayerStanding]:
    # Every entry a player sat at counts once for them.
    return (
        SeriesPlayerStanding.objects.filter(series=series, entries__gt=0)
        .select_related("player")
        .order_by("-points", "-entries", "player__name")
    )


def series_scenarios(series: Series) -> QuerySet[Scenario]:
    return with_entries(series.scenarios.all()).order_by("order", "opens_at")
