"""Players and teams: two sides that play games, each with a page of its record.

A side's numbers are its summary rows in the chosen scope (``games.models.summaries``:
a ``SideStanding``, a ``SideAncientOne`` per Ancient One and a ``SideMonth`` per month,
kept in the transaction of every game write), so no request here aggregates over games.
What lists games is a bounded, indexed slice of the side's own games. ``players`` and
``teams`` add what only one side has (investigators and teammates; scenario entries).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Model, QuerySet

from games.models import (
    PlayerAncientOne,
    PlayerMonth,
    PlayerStanding,
    TeamAncientOne,
    TeamMonth,
    TeamStanding,
)
from games.models.summaries import SideAncientOne, SideMonth, SideStanding

from .games import LeagueGames, league_games, public_league_games


def games_of(league) -> LeagueGames:
    """``league``'s approved games (None: every public league's), as its summary rows
    count them (``games.models.summaries.scope_of``)."""
    return public_league_games() if league is None else league_games(league)


@dataclass(frozen=True)
class Side:
    """Who plays games: the summary models kept for them and how rows and games name them."""

    field: str  # the summary rows' foreign key to the side
    standing: type[SideStanding]
    ancient_one: type[SideAncientOne]
    month: type[SideMonth]
    played: str  # the ``LeagueGames`` filter to the side's games

    def rows(self, model: type[Model], owner: Model, league, season=None) -> QuerySet:
        """``owner``'s rows of the summary ``model`` in ``season`` of ``league`` (its all
        time when None; ``league`` None: every public league's)."""
        return model.objects.in_scope(league, season).filter(**{self.field: owner})

    def summary(self, owner: Model, league, season=None) -> dict[str, Any]:
        """The standings row as the page's summary box (zeros when there is none)."""
        row = self.rows(self.standing, owner, league, season).first()
        return (row or self.standing()).summary()

    def by_ancient_one(self, owner: Model, league, season=None) -> QuerySet:
        """The record against each Ancient One, most games first (read where it is shown:
        not when a page's summaries come from the fragment cache)."""
        return self.rows(self.ancient_one, owner, league, season).record()

    def months(self, owner: Model, league, season=None) -> list:
        """The monthly tallies, oldest first: one chart point per month at most."""
        return list(self.rows(self.month, owner, league, season).order_by("month"))

    def games(self, owner: Model, league, season=None) -> LeagueGames:
        """The side's approved games in ``league`` (within ``season`` when given)."""
        return getattr(games_of(league).in_season(season), self.played)(owner)


PLAYERS = Side("player", PlayerStanding, PlayerAncientOne, PlayerMonth, played="played_by")
TEAMS = Side("team", TeamStanding, TeamAncientOne, TeamMonth, played="played_as")


@dataclass
class Profile:
    """What both sides' pages show: the summary box, the record by Ancient One, games."""

    summary: dict[str, Any]
    by_ancient_one: QuerySet
    games: LeagueGames
