"""League scenarios: the list, one scenario's board of entries, series standings.

Entries are stored on the rows (``Session.is_entry``, ruling 9 of
``games.scenario_rules``, kept by ``games.recording``); points are the stored scenario
scores summed (ruling 10), so a board or a standings table is one query.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Count, F, Prefetch, Q, QuerySet, Sum, Window
from django.db.models.functions import Coalesce, RowNumber
from django.utils import timezone

from games.models import Player, Scenario, Seat, Series, Status, Team

from .games import LeagueGames, league_games


@dataclass
class ScenarioOverview:
    """Scenarios by state at one moment: open (closing soonest first), upcoming, closed."""

    moment: datetime.datetime
    open: list[Scenario] = field(default_factory=list)
    upcoming: list[Scenario] = field(default_factory=list)
    closed: list[Scenario] = field(default_factory=list)


def scenario_overview(moment: datetime.datetime | None = None) -> ScenarioOverview:
    """Every scenario with its number of entries, sorted by state; one query."""
    moment = moment or timezone.now()
    overview = ScenarioOverview(moment=moment)
    entries = Q(sessions__is_entry=True, sessions__status=Status.APPROVED)
    scenarios = Scenario.objects.select_related("series").annotate(
        entries=Count("sessions", filter=entries)
    )
    for scenario in scenarios.order_by("closes_at", "name"):
        if scenario.opens_at > moment:
            overview.upcoming.append(scenario)
        elif scenario.closes_at > moment:
            overview.open.append(scenario)
        else:
            overview.closed.append(scenario)
    overview.closed.reverse()  # the latest closed first
    return overview


def scenario_detail(slug: str) -> QuerySet[Scenario]:
    """The scenario with what it allows, loaded in constant queries."""
    return (
        Scenario.objects.filter(slug=slug)
        .select_related("series", "herald")
        .prefetch_related("ancient_ones", "boxes_required", "boxes_allowed", "tasks")
    )


def scenario_board(scenario: Scenario) -> LeagueGames:
    """The scenario's entries, best scenario score first (defeats last); ties go to the
    earlier submission. Annotated with ``rank``; players, team and tasks prefetched."""
    order = [F("scenario_score").desc(nulls_last=True), F("created_at").asc(), F("pk").asc()]
    seats = Seat.objects.select_related("player").order_by("position", "pk")
    return (
        league_games()
        .filter(scenario=scenario, is_entry=True)
        .annotate(rank=Window(RowNumber(), order_by=order))
        .select_related("ancient_one", "team")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by(*order)
    )


def _entries_in(series: Series, prefix: str) -> Q:
    return Q(
        **{
            f"{prefix}is_entry": True,
            f"{prefix}status": Status.APPROVED,
            f"{prefix}scenario__series": series,
        }
    )


def series_team_standings(series: Series) -> QuerySet[Team]:
    """Teams by series points: the scenario scores of their entries added up (ruling 10)."""
    entries = _entries_in(series, "sessions__")
    return (
        Team.objects.annotate(
            entries=Count("sessions", filter=entries),
            points=Coalesce(Sum("sessions__scenario_score", filter=entries), 0),
        )
        .filter(entries__gt=0)
        .order_by("-points", "-entries", "name")
    )


def series_player_standings(series: Series) -> QuerySet[Player]:
    """Players by series points: every entry a player sat at counts once for them."""
    entries = _entries_in(series, "seats__session__") & Q(seats__players_first_seat=True)
    return (
        Player.objects.annotate(
            entries=Count("seats", filter=entries),
            points=Coalesce(Sum("seats__session__scenario_score", filter=entries), 0),
        )
        .filter(entries__gt=0)
        .order_by("-points", "-entries", "name")
    )


def series_scenarios(series: Series) -> QuerySet[Scenario]:
    """The series' scenarios in order, each with its number of entries."""
    entries = Q(sessions__is_entry=True, sessions__status=Status.APPROVED)
    return series.scenarios.annotate(entries=Count("sessions", filter=entries)).order_by(
        "order", "opens_at"
    )
