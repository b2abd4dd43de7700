"""Chainable read vocabulary for the games that count in public (approved ones)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db.models import Exists, F, OuterRef, Prefetch, Window
from django.db.models.functions import RowNumber

from games.models import Box, Player, Seat, Session
from games.models.sessions import SessionQuerySet


class LeagueGames(SessionQuerySet):
    """``Session`` querysets with the league pages' filters; start from ``league_games()``."""

    def played_between(
        self, start: datetime.date | None = None, end: datetime.date | None = None
    ) -> LeagueGames:
        """Games played from ``start`` to ``end``, both days included; either may be open."""
        games = self
        if start:
            games = games.filter(played_on__gte=start)
        if end:
            games = games.filter(played_on__lte=end)
        return games

    def submitted_before(self, moment: datetime.datetime | None) -> LeagueGames:
        """Games submitted before ``moment`` (all games when it is None)."""
        return self.filter(created_at__lt=moment) if moment else self

    def in_season(self, season) -> LeagueGames:
        """Games that count in a season (all games when ``season`` is None): played within
        its dates and, once it has finished, submitted before it closed."""
        if season is None:
            return self
        return self.played_between(season.start, season.end).submitted_before(season.closed_at)

    def played_by(self, player: Player) -> LeagueGames:
        """Games with ``player`` at the table, once each however many seats they held."""
        return self.filter(pk__in=Seat.objects.filter(player=player).values("session_id"))

    def played_as(self, team) -> LeagueGames:
        """Games recorded as played by ``team``."""
        return self.filter(team=team)

    def in_scenario(self, scenario) -> LeagueGames:
        """Games recorded for ``scenario`` (entries or not)."""
        return self.filter(scenario=scenario)

    def with_all_boxes(self, boxes: Iterable[Box]) -> LeagueGames:
        """Games that had every one of ``boxes`` in play."""
        games = self
        through = Session.boxes.through
        for box in boxes:
            games = games.filter(
                Exists(through.objects.filter(session_id=OuterRef("pk"), box_id=box.pk))
            )
        return games

    def with_rank(self) -> LeagueGames:
        """Annotate ``rank``: position by score within this set, ties to the earlier date."""
        return self.annotate(
            rank=Window(
                RowNumber(),
                order_by=[F("score").desc(), F("played_on").asc(), F("pk").asc()],
            )
        )

    def for_tables(self) -> LeagueGames:
        """Load what a results table shows (Ancient One, players) in constant queries."""
        seats = Seat.objects.select_related("player").order_by("position", "pk")
        return self.select_related("ancient_one", "team").prefetch_related(
            Prefetch("seats", queryset=seats)
        )


def league_games() -> LeagueGames:
    """Every approved game: the only games that count anywhere public."""
    return LeagueGames(model=Session).approved()


def visible_games(user) -> LeagueGames:
    """Every game this user may see: approved ones, plus their own (staff: all)."""
    return LeagueGames(model=Session).visible_to(user)


def league_changed_at():
    """When the league's games last changed (saved, or deleted): for HTTP caching."""
    from django.db.models import Max

    latest = [
        Session.objects.aggregate(at=Max("updated_at"))["at"],
        Session.history.aggregate(at=Max("history_date"))["at"],
    ]
    return max((moment for moment in latest if moment is not None), default=None)
