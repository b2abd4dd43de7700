"""Chainable read vocabulary for the games that count in public (approved ones)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from statistics import fmean

from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, Window
from django.db.models.expressions import RawSQL
from django.db.models.functions import RowNumber

from games.models import Box, Player, Seat, Session
from games.models.sessions import SessionQuerySet
from league.versions import league_version, league_version_changed_at


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


def players_by_game(game_ids: Iterable[int]) -> dict[int, list[str]]:
    """The names of the distinct players at each of ``game_ids``, in seat order, in one
    query: what an export's "Players" column needs for a chunk of games."""
    ids = list(game_ids)
    if connection.vendor == "postgresql":
        # One array parameter instead of thousands of placeholders, which psycopg would
        # parse on every chunk (most of an export's client CPU on PostgreSQL).
        chosen = Q(session_id__in=RawSQL("SELECT unnest(%s::bigint[])", [ids]))
    else:
        chosen = Q(session_id__in=ids)
    seats = (
        Seat.objects.filter(chosen)
        .order_by("session_id", "position", "pk")
        .values_list("session_id", "player_id", "player__name")
    )
    names: dict[int, dict[int, str]] = {}
    for game_id, player_id, name in seats:
        players = names.get(game_id)
        if players is None:
            names[game_id] = {player_id: name}
        elif player_id not in players:
            players[player_id] = name  # a dict keeps seat order: first seat wins
    return {game_id: list(players.values()) for game_id, players in names.items()}


def league_games() -> LeagueGames:
    """Every approved game: the only games that count anywhere public."""
    return LeagueGames(model=Session).approved()


def medians_by_ancient_one(games: LeagueGames) -> dict[int, float]:
    """Median victory score per Ancient One id, in one query on any database.

    Numbers each Ancient One's victories by score with window functions and keeps only the
    middle one or two rows, so at most two rows per Ancient One leave the database.
    """
    middle = (
        games.victories()
        .order_by()
        .annotate(
            position=Window(RowNumber(), partition_by=F("ancient_one_id"), order_by="score"),
            size=Window(Count("pk"), partition_by=F("ancient_one_id")),
        )
        .filter(Q(position=(F("size") + 1) / 2) | Q(position=(F("size") + 2) / 2))
        .values_list("ancient_one_id", "score")
    )
    scores: dict[int, list[int]] = {}
    for ancient_one_id, score in middle:
        scores.setdefault(ancient_one_id, []).append(score)
    return {key: fmean(values) for key, values in scores.items()}


def visible_games(user) -> LeagueGames:
    """Every game this user may see: approved ones, plus their own (staff: all)."""
    return LeagueGames(model=Session).visible_to(user)


def league_changed_at() -> datetime.datetime:
    """When the league last changed (any game or catalog write): for HTTP caching.

    Read from the league version (``league.versions``), made after every committed change,
    rather than aggregated over the games and their history.
    """
    return league_version_changed_at(league_version())
