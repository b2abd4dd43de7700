"""Players and teams: two sides that play games, each with a page of its record read from
its summary rows in the chosen scope (``games.models.summaries``), never aggregated over
games; ``players`` and ``teams`` add what only one side has."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Model, QuerySet
from django.utils.functional import SimpleLazyObject

from games.models import PlayerAncientOne, PlayerStanding, TeamAncientOne, TeamStanding
from games.models.summaries import SideAncientOne, SideStanding

from .games import LeagueGames, games_of


@dataclass(frozen=True)
class Side:  # the summary models kept for a side, and how rows and games name it
    field: str  # the summary rows' foreign key to the side
    standing: type[SideStanding]
    ancient_one: type[SideAncientOne]
    played: str  # the ``LeagueGames`` filter to the side's games

    def rows(self, model: type[Model], owner: Model, league, season=None) -> QuerySet:
        return model.objects.in_scope(league, season).filter(**{self.field: owner})

    def summary(self, owner: Model, league, season=None) -> dict[str, Any]:
        row = self.rows(self.standing, owner, league, season).first()
        return (row or self.standing()).summary()

    def by_ancient_one(self, owner: Model, league, season=None) -> QuerySet:
        # Built, not only read, where shown: not when a page's summaries come from the
        # fragment cache, where building its query cost a tenth of the page.
        return SimpleLazyObject(lambda: self.rows(self.ancient_one, owner, league, season).record())

    def games(self, owner: Model, league, season=None) -> LeagueGames:
        return getattr(games_of(league).in_season(season), self.played)(owner)


PLAYERS = Side("player", PlayerStanding, PlayerAncientOne, played="played_by")
TEAMS = Side("team", TeamStanding, TeamAncientOne, played="played_as")


@dataclass
class Profile:  # what both sides' pages show
    summary: dict[str, Any]
    by_ancient_one: QuerySet
    games: LeagueGames
