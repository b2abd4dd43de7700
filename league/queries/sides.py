"""Players and teams: two sides that play games, each with a page of its record.

A side's numbers are its summary rows in the chosen scope (``games.models.summaries``:
a ``SideStanding``, a ``SideAncientOne`` per Ancient One and a ``SideMonth`` per month,
kept in the transaction of every game write), so no request here aggregates over games.
What lists games is a bounded, indexed slice of the side's own games. ``players`` and
``teams`` add what only one side has (investigators and teammates; scenario entries).
"""

from __future__ import annotations

from collections.abc import Callable
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
from games.models.summaries import SideAncientOne, SideMonth, SideStanding, scope_of

from .games import LeagueGames, league_games
from .prepared import prepared_rows


@dataclass(frozen=True)
class Side:
    """Who plays games: the summary models kept for them and how rows and games name them."""

    field: str  # the summary rows' foreign key to the side
    standing: type[SideStanding]
    ancient_one: type[SideAncientOne]
    month: type[SideMonth]
    played: str  # the ``LeagueGames`` filter to the side's games

    def kept(
        self,
        name: str,
        model: type[Model],
        shape: Callable[[QuerySet], QuerySet],
        owner: Model,
        season=None,
    ) -> list:
        """The rows of ``shape`` of ``owner``'s ``model`` rows in ``season``, its SQL
        compiled once per process (``league.queries.prepared_rows``): ``shape`` must not
        depend on the owner or the season."""
        key = f"{self.field}-{name}-{model._meta.label}"
        column = f"{self.field}_id"

        def build(owner_id: int, scope: int) -> QuerySet:
            return shape(model.objects.filter(scope=scope, **{column: owner_id}))

        return prepared_rows(key, build, owner_id=owner.pk, scope=scope_of(season))

    def summary(self, owner: Model, season=None) -> dict[str, Any]:
        """The standings row as the page's summary box (zeros when there is none)."""
        rows = self.kept(
            "summary", self.standing, lambda rows: rows.order_by("pk")[:1], owner, season
        )
        return next(iter(rows), self.standing()).summary()

    def by_ancient_one(self, owner: Model, season=None) -> list:
        """The record against each Ancient One, most games first."""
        return self.kept("record", self.ancient_one, lambda rows: rows.record(), owner, season)

    def months(self, owner: Model, season=None) -> list:
        """The monthly tallies, oldest first: one chart point per month at most."""
        return self.kept("months", self.month, lambda rows: rows.order_by("month"), owner, season)

    def games(self, owner: Model, season=None) -> LeagueGames:
        """The side's approved games (within ``season`` when given)."""
        return getattr(league_games().in_season(season), self.played)(owner)

    def games_of(self, owner_id: int) -> LeagueGames:
        """All the approved games of the side with this id (for a prepared query)."""
        return getattr(league_games(), self.played)(owner_id)


PLAYERS = Side("player", PlayerStanding, PlayerAncientOne, PlayerMonth, played="played_by")
TEAMS = Side("team", TeamStanding, TeamAncientOne, TeamMonth, played="played_as")


@dataclass
class Profile:
    """What both sides' pages show: the summary box, the record by Ancient One, games."""

    summary: dict[str, Any]
    by_ancient_one: list
    games: LeagueGames
