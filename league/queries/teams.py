"""Team standings and a team's own page, read from the summary rows kept on write.

A team's numbers are its ``TeamStanding`` / ``TeamAncientOne`` / ``TeamMonth`` rows in
the chosen scope (``games.summaries``: kept in the transaction of every game write), so
no request here aggregates over games. What lists games (the entries, the history) is
a bounded, indexed slice of the team's own games.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet

from games.models import Team, TeamAncientOne, TeamMonth, TeamStanding
from games.models.summaries import rates, scope_of

from .games import LeagueGames, league_games

STANDING_COLUMNS = ("games", "victories", "best_score", "scenarios_entered", "series_points")


def team_standings(season=None) -> QuerySet[Team]:
    """Every team with approved games in ``season`` (all time when None), annotated with
    its standings row: ``games``, ``victories``, ``win_pct``, ``best_score``,
    ``avg_victory_score``, ``scenarios_entered``, ``series_points``.

    One join of teams with their ``TeamStanding`` in the scope (a team without approved
    games in it has no row and is left out); win % and the average are per-row
    arithmetic on stored sums. Series points follow ruling 10 of ``games.scenario_rules``.
    """
    row = "standings__"
    return (
        Team.objects.filter(standings__scope=scope_of(season))
        .annotate(**{name: F(row + name) for name in STANDING_COLUMNS}, **rates(row))
        .annotate(win_pct=F("win_pct_value"))
    )


@dataclass
class TeamProfile:
    """Everything a team page shows: summary rows, and bounded slices of games."""

    summary: dict[str, Any]
    by_ancient_one: QuerySet
    months: list[TeamMonth]
    entries: LeagueGames
    games: LeagueGames

    @property
    def score_points(self) -> list[tuple[datetime.date, int]]:
        """The chart's points: the best victory score of each month with a victory."""
        return [(month.month, month.best_score) for month in self.months if month.victories]


def team_summary(team: Team, season=None) -> dict[str, Any]:
    """The team's standings row in the scope as a dict (zeros when it has no games)."""
    row = TeamStanding.objects.in_scope(season).filter(team=team).first() or TeamStanding()
    return row.as_summary("scenarios_entered", "series_points")


def team_profile(team: Team, *, season=None) -> TeamProfile:
    """The team's record over its approved games (within ``season`` when given)."""
    by_ancient_one = (
        TeamAncientOne.objects.in_scope(season)
        .filter(team=team)
        .with_rates()
        .values(
            "ancient_one__name",
            "ancient_one__slug",
            "games",
            "victories",
            "best_score",
            win_pct=F("win_pct_value"),
            mean_score=F("avg_victory_score"),
        )
        .order_by("-games", "ancient_one__name")
    )
    months = list(TeamMonth.objects.in_scope(season).filter(team=team).order_by("month"))
    games = league_games().in_season(season).played_as(team)
    # One entry per team per scenario (ruling 9): bounded by the number of scenarios.
    entries = (
        games.filter(is_entry=True)
        .select_related("scenario", "scenario__series", "ancient_one")
        .order_by("-scenario__closes_at", "scenario__name")
    )
    return TeamProfile(
        summary=team_summary(team, season),
        by_ancient_one=by_ancient_one,
        months=months,
        entries=entries,
        games=games.select_related("ancient_one", "scenario"),
    )
