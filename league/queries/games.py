"""Chainable read vocabulary for the games that count in public (approved ones)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.db.models.expressions import RawSQL
from django.db.models.query import ModelIterable, QuerySet
from django.urls import reverse

from games.models import Box, Player, Seat, Session
from games.models.sessions import SessionQuerySet
from league.caching.versions import league_version, league_version_changed_at
from league.queries.prepared import prepared_rows


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

    def scored_victories(self) -> LeagueGames:
        """Victories: the leaderboard's set, spelled as its partial indexes hold it.

        A game has a score exactly when it is a victory (check constraint
        ``session_defeat_has_cause_and_no_score``), so no outcome test is needed and a
        page's keys come from the index alone.
        """
        return self.filter(score__isnull=False)

    # The leaderboard's sorts. Each is one index scan (games migration ``board_indexes``):
    # ascending is the exact reverse of descending so one index serves both directions.

    def by_score(self, descending: bool = True) -> LeagueGames:
        """Best score first, equal scores to the earlier game (ascending: the reverse)."""
        return self.order_by(*_directed(("-score", "played_on", "pk"), descending))

    def by_date(self, descending: bool = True) -> LeagueGames:
        """Latest game first (ascending: earliest first)."""
        return self.order_by(*_directed(("-played_on", "-pk"), descending))

    def by_investigators(self, descending: bool = False) -> LeagueGames:
        """Fewest investigators first, then by score as ranked (descending: the reverse)."""
        return self.order_by(
            *_directed(("investigator_count", "-score", "played_on", "pk"), not descending)
        )

    def with_rank(self) -> LeagueGames:
        """Give each row ``rank`` (competition ranking: equal scores share a rank), counted
        along the rows as they are read, so nothing beyond them is numbered.

        Only for a top slice from the start of a set ordered best score first
        (``ranked()[:10]``); a page further down takes its ranks from a score ladder
        (``league.queries.ranks``).
        """
        ranked = self._chain()
        ranked._iterable_class = _RankedFromTop
        return ranked

    def paged_by_keys(self) -> LeagueGames:
        """Slices further down read only the slice's keys first (an index-only scan past
        the offset), then load just those rows: page 400 costs about what page 1 does."""
        paged = self._chain()
        paged.__class__ = _PagedByKeys
        return paged

    def for_tables(self) -> LeagueGames:
        """Load what a results table shows (Ancient One, players) in constant queries."""
        seats = Seat.objects.select_related("player").order_by("position", "pk")
        return self.select_related("ancient_one", "team").prefetch_related(
            Prefetch("seats", queryset=seats)
        )

    def for_table_pages(self) -> LeagueGames:
        """``for_tables`` for a page that shows only who sat at each game (``players``):
        each game's players come as ``TablePlayer`` name-and-address pairs from one
        plain query, not as seat and player objects (a page of 25 games would build some
        200 of each, a third of its render)."""
        games = self.select_related("ancient_one", "team")
        games._iterable_class = _WithTablePlayers
        return games

    def with_titles_of(self, player: Player | int) -> LeagueGames:
        """Give each game read ``titled``: whether ``player`` held the First Citizen title
        at it, from one prepared query over the read games' titled seats of that player
        (a ``Prefetch`` compiled its query on every page; a correlated EXISTS over the
        player's seats walks every seat of a busy player on SQLite)."""
        games = self._chain()
        # A query's clone copies its attributes.
        games.query.titles_of = player if isinstance(player, int) else player.pk
        games._iterable_class = _WithTitles
        return games


class TablePlayer:
    """A player as a results table shows them: the name, linked to their page.

    ``league.pages.cells.Links`` builds the address from the slug as it does a
    ``Player``'s (``address_model``), so no ``reverse()`` runs per player."""

    __slots__ = ("pk", "name", "slug")
    address_model = Player

    def __init__(self, pk: int, name: str, slug: str) -> None:
        self.pk, self.name, self.slug = pk, name, slug

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, (TablePlayer, Player)) and other.pk == self.pk

    def __hash__(self) -> int:
        return hash(self.pk)

    def get_absolute_url(self) -> str:
        return reverse("league:player", kwargs={"slug": self.slug})


def _table_seats(ids: list[int]) -> QuerySet:
    return (
        Seat.objects.filter(session_id__in=ids)
        .order_by("session_id", "position", "pk")
        .values_list("session_id", "player_id", "player__name", "player__slug")
    )


def attach_table_players(games: list[Session]) -> None:
    """Give each game its ``players_at_table`` (each player once, in the order of their
    first seat) as ``TablePlayer``s, in one query over the games' seats."""
    if not games:
        return
    seats = prepared_rows("table-players", _table_seats, ids=[game.pk for game in games])
    found: dict[int, dict[int, TablePlayer]] = {}
    for game_id, player_id, name, slug in seats:
        players = found.setdefault(game_id, {})
        if player_id not in players:
            players[player_id] = TablePlayer(player_id, name, slug)
    for game in games:
        game.table_players = list(found.get(game.pk, {}).values())


class _WithTablePlayers(ModelIterable):
    """Games read with their players attached (``for_table_pages``)."""

    # What it adds depends on the rows read alone (``league.queries.prepared_rows``).
    reads_rows_only = True

    def __iter__(self):
        games = list(super().__iter__())
        attach_table_players(games)
        return iter(games)


def _titled_seats(player_id: int, ids: list[int]) -> QuerySet:
    return Seat.objects.filter(
        player_id=player_id, session_id__in=ids, first_citizen=True
    ).values_list("session_id", flat=True)


class _WithTitles(ModelIterable):
    """Games read with ``titled`` for one player (``with_titles_of``)."""

    def __iter__(self):
        games = list(super().__iter__())
        if games:
            ids = [game.pk for game in games]
            player_id = self.queryset.query.titles_of
            titled = set(prepared_rows("titled-seats", _titled_seats, player_id=player_id, ids=ids))
            for game in games:
                game.titled = game.pk in titled
        return iter(games)


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


class _PagedByKeys(LeagueGames):
    """``LeagueGames`` whose offset slices are a deferred join (see ``paged_by_keys``)."""

    def __getitem__(self, key):
        cached = self._result_cache is not None
        if cached or not isinstance(key, slice) or key.step or not key.start:
            return super().__getitem__(key)
        keys = QuerySet.__getitem__(self.values_list("pk", flat=True), key)
        return self.filter(pk__in=keys)


def _directed(fields: tuple[str, ...], descending: bool) -> tuple[str, ...]:
    """``fields`` as written when ``descending``, else each one flipped."""
    if descending:
        return fields
    return tuple(name[1:] if name.startswith("-") else f"-{name}" for name in fields)


class _RankedFromTop(ModelIterable):
    """Rows of a best-first top slice, each with its competition rank."""

    # What it adds depends on the rows read alone (``league.queries.prepared_rows``).
    reads_rows_only = True

    def __iter__(self):
        query = self.queryset.query
        if query.low_mark or tuple(query.order_by[:1]) != ("-score",):
            raise ValueError("with_rank() needs a slice from the top of a best-first order.")
        rank, previous = 0, None
        for position, game in enumerate(super().__iter__(), start=1):
            if position == 1 or game.score != previous:
                rank, previous = position, game.score
            game.rank = rank
            yield game


def league_games() -> LeagueGames:
    """Every approved game: the only games that count anywhere public."""
    return LeagueGames(model=Session).approved()


def visible_games(user) -> LeagueGames:
    """Every game this user may see: approved ones, plus their own (staff: all)."""
    return LeagueGames(model=Session).visible_to(user)


def league_changed_at() -> datetime.datetime:
    """When the league last changed (any game or catalog write): for HTTP caching.

    Read from the league version (``league.caching.versions``), made after every committed change,
    rather than aggregated over the games and their history.
    """
    return league_version_changed_at(league_version())
