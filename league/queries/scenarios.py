"""League scenarios: the list, one scenario's board of entries, series standings.

Entries are stored on the rows (``Session.is_entry``, ruling 9 of
``games.scenario_rules``, kept by ``games.recording``). Counts and points (the stored
scenario scores summed, ruling 10) are read from the summary rows ``games.summaries``
keeps on write (``ScenarioSummary``, ``SeriesTeamStanding``, ``SeriesPlayerStanding``);
a board is one indexed slice of one scenario's entries.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Coalesce, Rank
from django.utils import timezone

from games.models import Scenario, Series, SeriesPlayerStanding, SeriesTeamStanding

from .games import LeagueGames, league_games


@dataclass
class ScenarioOverview:
    """Scenarios by state at one moment: open (closing soonest first), upcoming, closed."""

    moment: datetime.datetime
    open: list[Scenario] = field(default_factory=list)
    upcoming: list[Scenario] = field(default_factory=list)
    closed: list[Scenario] = field(default_factory=list)


def with_entries(scenarios: QuerySet[Scenario]) -> QuerySet[Scenario]:
    """Annotate ``entries`` from each scenario's summary row (kept on write; a scenario
    without approved entries has none, hence the left join and the 0)."""
    return scenarios.annotate(entries=Coalesce(F("summary__entries"), 0))


def scenario_overview(league, moment: datetime.datetime | None = None) -> ScenarioOverview:
    """Every scenario of ``league`` with its number of entries, sorted by state; one query."""
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


def scenario_detail(slug: str, league) -> Scenario | None:
    """The scenario of ``league`` at this address with what it allows (Ancient Ones, boxes
    required and allowed, tasks) and its number of ``entries`` (from its summary row: the
    board's pages need no COUNT); None when that league has none."""
    return (
        with_entries(Scenario.objects.of_league(league).filter(slug=slug))
        .select_related("series", "herald")
        .prefetch_related("ancient_ones", "boxes_required", "boxes_allowed", "tasks")
        .first()
    )


def scenario_board(scenario: Scenario | int) -> LeagueGames:
    """The scenario's entries, best scenario score first (defeats last); ties listed by the
    earlier submission. Annotated with ``rank``, shared by equal scores (5, 5, 7), as on
    the leaderboard; Ancient One and team loaded (the page adds its players with
    ``for_table_pages()``, the API its seats with ``for_tables()``)."""
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
    """Teams by series points: the scenario scores of their entries added up (ruling 10),
    read from the series' summary rows; each row has its ``team`` loaded."""
    return (
        SeriesTeamStanding.objects.filter(series=series, entries__gt=0)
        .select_related("team")
        .order_by("-points", "-entries", "team__name")
    )


def series_player_standings(series: Series) -> QuerySet[SeriesPlayerStanding]:
    """Players by series points: every entry a player sat at counts once for them; read
    from the series' summary rows, each with its ``player`` loaded."""
    return (
        SeriesPlayerStanding.objects.filter(series=series, entries__gt=0)
        .select_related("player")
        .order_by("-points", "-entries", "player__name")
    )


def series_scenarios(series: Series) -> QuerySet[Scenario]:
    """The series' scenarios in order, each with its number of entries."""
    return with_entries(series.scenarios.all()).order_by("order", "opens_at")
