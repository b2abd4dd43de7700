"""Team standings and a team's own page, read from the summary rows kept on write."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import F, QuerySet

from games.models import Player, Session, Team, TeamMonth
from games.models.summaries import rates, scope_of
from league.models import League

from .sides import TEAMS, Profile

STANDING_COLUMNS = ("games", "victories", "best_score", "scenarios_entered", "series_points")


def team_standings(league, season=None) -> QuerySet[Team]:
    """Every team with approved games in ``season`` of ``league`` (``league`` None: every
    public league's), annotated with its ``TeamStanding`` row in that scope (series points:
    ruling 10 of ``games.scenario_rules``)."""
    row = "standings__"
    return (
        Team.objects.filter(standings__scope=scope_of(league, season))
        .annotate(**{name: F(row + name) for name in STANDING_COLUMNS}, **rates(row))
        .annotate(win_pct=F("win_pct_value"))
    )


@dataclass
class TeamProfile(Profile):
    months: QuerySet[TeamMonth]  # both read where shown: not when the fragment cache has them
    entries: QuerySet[Session]
    members: list[Player]
    captain: Player | None
    # Members with no approved game: not named, but counted, so a team is not misread.
    unnamed_members: int

    @property
    def score_points(self) -> list[tuple[datetime.date, int]]:
        return [(month.month, month.best_score) for month in self.months if month.victories]


def team_profile(team: Team, *, season=None) -> TeamProfile:
    league = League(pk=team.league_id)  # its id is all a scope needs: no query
    games = TEAMS.games(team, league, season).select_related("ancient_one", "scenario")
    # One entry per team per scenario (ruling 9): bounded by the number of scenarios.
    entries = (
        games.filter(is_entry=True)
        .select_related("scenario__series")
        .order_by("-scenario__closes_at", "scenario__name")
    )
    # The public may see only members with an approved game in the league; the captain
    # is their player (if public and a member), never the login.
    listed = Player.objects.listed(league).filter(teams=team)
    members = list(listed.order_by("name", "pk"))
    captain = listed.filter(user_id=team.captain_id).first() if team.captain_id else None
    return TeamProfile(
        members=members,
        unnamed_members=team.members.count() - len(members),
        captain=captain,
        summary=TEAMS.summary(team, league, season),
        by_ancient_one=TEAMS.by_ancient_one(team, league, season),
        games=games,
        months=TEAMS.rows(TeamMonth, team, league, season).order_by("month"),
        entries=entries,
    )


@dataclass
class CaptainRoster:  # the members page: who is on the team, who has yet to accept
    members: list[Player]
    invited: list[Player]


def captain_roster(team: Team) -> CaptainRoster:
    invited = Player.objects.filter(invitations__team=team)
    return CaptainRoster(
        members=list(team.members.order_by("name_key")),
        invited=list(invited.order_by("name_key")),
    )
