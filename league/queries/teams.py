"""Team standings and a team's own page, aggregated in the database.

A team's numbers come from the games recorded as played by it (``Session.team``); its
scenario numbers from its entries (``Session.is_entry``, kept by ``games.recording``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, FloatField, Max, Q, QuerySet, Sum
from django.db.models.functions import Cast, Coalesce

from games.models import Outcome, Status, Team

from .games import LeagueGames, league_games
from .players import percentage


def team_standings(
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    submitted_before: datetime.datetime | None = None,
) -> QuerySet[Team]:
    """Every team with its standings row over approved games played from ``start`` to
    ``end`` (and submitted before ``submitted_before``, for a finished season).

    Series points follow ruling 10 of ``games.scenario_rules``: the scenario scores of the
    team's entries added up (a defeat entry adds nothing).
    """
    counted = Q(sessions__status=Status.APPROVED)
    if start:
        counted &= Q(sessions__played_on__gte=start)
    if end:
        counted &= Q(sessions__played_on__lte=end)
    if submitted_before:
        counted &= Q(sessions__created_at__lt=submitted_before)
    won = counted & ~Q(sessions__outcome=Outcome.DEFEAT)
    # One entry per team per scenario (ruling 9), so counting entries counts scenarios.
    entries = counted & Q(sessions__is_entry=True)
    return Team.objects.annotate(
        games=Count("sessions", filter=counted),
        victories=Count("sessions", filter=won),
        best_score=Max("sessions__score", filter=won),
        avg_victory_score=Cast(Avg("sessions__score", filter=won), FloatField()),
        scenarios_entered=Count("sessions", filter=entries),
        series_points=Coalesce(Sum("sessions__scenario_score", filter=entries), 0),
    ).annotate(win_pct=percentage("victories", "games"))


@dataclass
class TeamProfile:
    """Everything a team page shows, each part one query."""

    summary: dict[str, Any]
    by_ancient_one: QuerySet
    score_points: list[tuple[datetime.date, int]]
    entries: LeagueGames
    games: LeagueGames


def team_profile(team: Team, *, season=None) -> TeamProfile:
    """The team's record over its approved games (within ``season`` when given)."""
    games = league_games().in_season(season).played_as(team)
    victory = ~Q(outcome=Outcome.DEFEAT)
    summary = games.order_by().aggregate(
        games=Count("pk"),
        victories=Count("pk", filter=victory),
        best_score=Max("score"),
        mean_score=Avg("score"),
        scenarios_entered=Count("pk", filter=Q(is_entry=True)),
        series_points=Coalesce(Sum("scenario_score", filter=Q(is_entry=True)), 0),
    )
    summary["win_pct"] = 100 * summary["victories"] / summary["games"] if summary["games"] else None
    by_ancient_one = (
        games.order_by()
        .values("ancient_one__name", "ancient_one__slug")
        .annotate(
            games=Count("pk"),
            victories=Count("pk", filter=victory),
            best_score=Max("score"),
            mean_score=Avg("score"),
        )
        .annotate(win_pct=percentage("victories", "games"))
        .order_by("-games", "ancient_one__name")
    )
    score_points = list(
        games.victories().order_by("played_on", "pk").values_list("played_on", "score")
    )
    entries = (
        games.filter(is_entry=True)
        .select_related("scenario", "scenario__series", "ancient_one")
        .order_by("-scenario__closes_at", "scenario__name")
    )
    return TeamProfile(
        summary=summary,
        by_ancient_one=by_ancient_one,
        score_points=score_points,
        entries=entries,
        games=games.select_related("ancient_one", "scenario"),
    )
