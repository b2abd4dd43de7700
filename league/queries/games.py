"""Chainable read vocabulary for the games that count in public (approved ones)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Prefetch
from django.db.models.query import QuerySet

from games.models import Box, Player, Seat, Session
from games.models.game_lists import SessionQuerySet


class LeagueGames(SessionQuerySet):
    """``Session`` querysets with the league pages' filters; start from ``league_games(league)``."""

    def in_season(self, season) -> LeagueGames:
        """Played within its dates and, once it has finished, submitted before it closed."""
        if season is None:
            return self
        games = self.filter(played_on__gte=season.start, played_on__lte=season.end)
        return games.filter(created_at__lt=season.closed_at) if season.is_finished else games

    def played_by(self, player: Player) -> LeagueGames:
        """Games with ``player`` at the table, once each however many seats they held."""
        return self.filter(pk__in=Seat.objects.filter(player=player).values("session_id"))

    def played_as(self, team) -> LeagueGames:
        return self.filter(team=team)

    def in_scenario(self, scenario) -> LeagueGames:
        return self.filter(scenario=scenario)  # entries or not

    def with_all_boxes(self, boxes: Iterable[Box]) -> LeagueGames:
        games = self
        through = Session.boxes.through
        for box in boxes:
            games = games.filter(
                Exists(through.objects.filter(session_id=OuterRef("pk"), box_id=box.pk))
            )
        return games

    def scored_victories(self) -> LeagueGames:
        """Victories as the leaderboard's partial indexes hold them: a game has a score
        exactly when it is a victory (check ``session_defeat_has_cause_and_no_score``)."""
        return self.filter(score__isnull=False)

    def paged_by_keys(self) -> LeagueGames:
        """Slices further down read only the slice's keys first (an index-only scan past
        the offset), then load just those rows: page 400 costs about what page 1 does."""
        paged = self.all()
        paged.__class__ = _PagedByKeys
        return paged

    def for_tables(self, *seat_fields: str) -> LeagueGames:
        """Load what a results table shows (Ancient One, team, seats with their players) in
        constant queries; of each seat only ``seat_fields`` when given."""
        seats = Seat.objects.select_related("player").order_by("position", "pk")
        return self.select_related("ancient_one", "team").prefetch_related(
            Prefetch("seats", queryset=seats.only(*seat_fields) if seat_fields else seats)
        )

    def for_table_pages(self) -> LeagueGames:
        """``for_tables`` for a page that shows only who sat at each game
        (``Session.players_at_table``): their names and addresses."""
        return self.for_tables("session", "player", "player__name", "player__slug")

    def with_titles_of(self, player: Player | int) -> LeagueGames:
        """Give each game read ``titled_seats``: ``player``'s seats that held the First
        Citizen title there (none or one), read by game for the rows read (a correlated
        EXISTS over the player's seats walks every seat of a busy player on SQLite)."""
        titled = Seat.objects.filter(player=player, first_citizen=True).only("session_id")
        return self.prefetch_related(Prefetch("seats", queryset=titled, to_attr="titled_seats"))


def players_by_game(game_ids: Iterable[int]) -> dict[int, list[str]]:
    """The distinct players' names at each game, in seat order, in one query (an export's
    "Players" column for a chunk of games)."""
    seats = (
        Seat.objects.filter(session_id__in=list(game_ids))
        .order_by("session_id", "position", "pk")
        .values_list("session_id", "player_id", "player__name")
    )
    names: dict[int, dict[int, str]] = defaultdict(dict)
    for game_id, player_id, name in seats:
        names[game_id].setdefault(player_id, name)  # a dict keeps seat order: first seat wins
    return {game_id: list(players.values()) for game_id, players in names.items()}


class _PagedByKeys(LeagueGames):  # see ``paged_by_keys``
    def __getitem__(self, key):
        if not isinstance(key, slice) or key.step or not key.start:
            return super().__getitem__(key)
        keys = QuerySet.__getitem__(self.values_list("pk", flat=True), key)
        return self.filter(pk__in=keys)


def league_games(league) -> LeagueGames:
    """Every approved game of ``league`` (a league or its id): no default, a list of games
    is always one league's (but the board across leagues, ``games_of(None)``)."""
    return LeagueGames(model=Session).approved().of_league(league)


def games_of(league) -> LeagueGames:
    """``league``'s approved games (None: every public league's), as ``scope_of`` counts them."""
    if league is not None:
        return league_games(league)
    return LeagueGames(model=Session).approved().filter(league__visibility="public")


def visible_games(user, league) -> LeagueGames:
    """Approved games, plus the user's own (moderators: all)."""
    return LeagueGames(model=Session).of_league(league).visible_to(user)
