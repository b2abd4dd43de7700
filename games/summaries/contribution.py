"""What one game adds to the league's summary rows: a pure function, no Django import.

Every number a league page aggregates is a sum over games of ``contribution(game,
seasons)``: the write path applies ``contribution(after) - contribution(before)`` in the
write's transaction, and ``rebuild_sql`` computes the same sums in SQL (the property test
in ``tests/test_summaries.py`` holds the two to each other).

The rules it encodes:

- Only **approved** games contribute; pending and rejected ones add nothing.
- A game counts in its league's all-time scope (``-league_id``), in every season *of its
  league* that holds it (a season's scope is its id): played from the season's first to
  its last day, and submitted before the midnight after its last day (a finished season's
  standings stay as they were); and in the cross-league scope (``ALL_LEAGUES``, 0) only
  when its league is public, so an invitation-only league's games are on no shared board.
- Each player at the table counts the game **once** however many seats they held;
  trophies are summed over all their seats; an investigator is counted per seat.
- A victory adds its score to the score sum and is a candidate for the best score; a
  defeat adds a game and nothing else. First Citizen counts a title per won game.
- An investigator counts a game per seat (one seat per game at most) with the game's
  tally, against its Ancient One and at its table size, and how the seat ended.
- A herald counts the game once, and so does each box in play; an Ancient One counts it
  at its table size (defeats too), so a page compares games with and without either.
- A scenario entry (ruling 9) adds one entry and its scenario score (0 for a defeat) to
  its scenario, its series (per team and per player), and its team's standings.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import zip_longest

ALL_LEAGUES = 0  # the cross-league scope: the games of every public league
APPROVED = "approved"
DEFEAT = "defeat"

# Summary tables by name, with the fields of each key tuple (its model's unique constraint).
PLAYER = "player"  # (player, scope)
PLAYER_ANCIENT_ONE = "player_ancient_one"  # (player, scope, ancient_one)
PLAYER_INVESTIGATOR = "player_investigator"  # (player, scope, investigator)
PLAYER_TEAMMATE = "player_teammate"  # (player, scope, teammate)
PLAYER_MONTH = "player_month"  # (player, scope, month)
TEAM = "team"  # (team, scope)
TEAM_ANCIENT_ONE = "team_ancient_one"  # (team, scope, ancient_one)
TEAM_MONTH = "team_month"  # (team, scope, month)
ANCIENT_ONE_OUTCOME = "ancient_one_outcome"  # (ancient_one, scope, outcome, defeat_cause)
ANCIENT_ONE_SCORE = "ancient_one_score"  # (ancient_one, scope, investigators, score)
SCENARIO = "scenario"  # (scenario,)
SERIES_TEAM = "series_team"  # (series, team)
SERIES_PLAYER = "series_player"  # (series, player)
INVESTIGATOR = "investigator"  # (investigator, scope)
INVESTIGATOR_ANCIENT_ONE = "investigator_ancient_one"  # (investigator, scope, ancient_one)
INVESTIGATOR_TABLE_SIZE = "investigator_table_size"  # (investigator, scope, investigators)
HERALD = "herald"  # (herald, scope)
BOX = "box"  # (box, scope)
ANCIENT_ONE_TABLE_SIZE = "ancient_one_table_size"  # (ancient_one, scope, investigators)
# How a seat ended, as counted on an investigator's row (``Seat.Ended`` but sane); the
# same words as ``games.rules``', so this module needs no Django import.
SEAT_ENDINGS_COUNTED = ("devoured", "lost", "retired")


@dataclass(frozen=True)
class SeatFacts:
    player_id: int
    investigator_id: int
    first_citizen: bool
    gate_trophies: int
    monster_trophies: int
    ended: str = "sane"


@dataclass(frozen=True)
class GameFacts:
    """What the summaries need to know of one game (a row and its seats)."""

    status: str
    outcome: str
    defeat_cause: str
    score: int | None
    played_on: datetime.date
    created_at: datetime.datetime
    ancient_one_id: int
    investigator_count: int
    league_id: int
    league_public: bool
    team_id: int | None = None
    scenario_id: int | None = None
    series_id: int | None = None
    is_entry: bool = False
    scenario_score: int | None = None
    herald_id: int | None = None
    seats: tuple[SeatFacts, ...] = ()
    box_ids: tuple[int, ...] = ()

    @property
    def is_victory(self) -> bool:
        return self.outcome != DEFEAT


@dataclass(frozen=True)
class SeasonSpan:
    """A season's dates, the moment it closes (midnight after its last day) and its league."""

    id: int
    start: datetime.date
    end: datetime.date
    closes_at: datetime.datetime
    league_id: int | None = None

    def holds(self, game: GameFacts) -> bool:
        return (
            self.league_id == game.league_id
            and self.start <= game.played_on <= self.end
            and game.created_at < self.closes_at
        )


def league_scope(league_id: int) -> int:
    """The scope of a league's all-time rows."""
    return -league_id


def scopes_of(game: GameFacts, seasons: Iterable[SeasonSpan]) -> list[int]:
    """The scopes ``game`` counts in: its league's all time, its league's seasons holding
    it, and the cross-league scope when its league is public."""
    scopes = [league_scope(game.league_id)]
    scopes += [season.id for season in seasons if season.holds(game)]
    if game.league_public:
        scopes.append(ALL_LEAGUES)
    return scopes


@dataclass
class Change:
    """Sums to add to one summary row, and the best scores added and taken away."""

    sums: dict[str, int] = field(default_factory=dict)
    best_added: int | None = None
    best_removed: int | None = None

    def add(self, sums: dict[str, int], best: int | None, sign: int) -> None:
        # Called for every row a game touches, twice per rescored game: kept to plain
        # dictionary and comparison steps (a rescore at a million games makes 2M calls).
        mine = self.sums
        get = mine.get
        if sign > 0:
            for name, value in sums.items():
                mine[name] = get(name, 0) + value
            if best is not None and (self.best_added is None or best > self.best_added):
                self.best_added = best
        else:
            for name, value in sums.items():
                mine[name] = get(name, 0) - value
            if best is not None and (self.best_removed is None or best > self.best_removed):
                self.best_removed = best

    @property
    def is_empty(self) -> bool:
        return not any(self.sums.values()) and self.best_added is None and self.best_removed is None


Key = tuple[str, tuple]
Delta = dict[Key, Change]
Row = tuple[Key, dict[str, int], int | None]


def contribution(game: GameFacts, seasons: Iterable[SeasonSpan]) -> list[Row]:
    """Every (table, key), the sums the game adds to it, and its best-score candidate."""
    if game.status != APPROVED:
        return []
    won = int(game.is_victory)
    best = game.score if won and game.score is not None else None
    tally = {"games": 1, "victories": won, "score_sum": best or 0}
    together = {"games": 1, "victories": won}
    seated = {"seats": 1, "victories": won}
    ao = game.ancient_one_id
    size = game.investigator_count
    month = game.played_on.replace(day=1)
    players: dict[int, dict[str, int]] = {}
    for seat in game.seats:
        own = players.setdefault(
            seat.player_id,
            {**tally, "first_citizen_titles": 0, "gate_trophies": 0, "monster_trophies": 0},
        )
        own["first_citizen_titles"] = own["first_citizen_titles"] or int(seat.first_citizen and won)
        own["gate_trophies"] += seat.gate_trophies
        own["monster_trophies"] += seat.monster_trophies
    entry_points = (game.scenario_score or 0) if game.is_entry else 0
    rows: list[Row] = []
    for scope in scopes_of(game, seasons):
        for player, standing in players.items():
            rows.append(((PLAYER, (player, scope)), standing, best))
            rows.append(((PLAYER_ANCIENT_ONE, (player, scope, ao)), tally, best))
            rows.append(((PLAYER_MONTH, (player, scope, month)), tally, best))
            for other in players:
                if other != player:
                    rows.append(((PLAYER_TEAMMATE, (player, scope, other)), together, None))
        for seat in game.seats:
            investigator = seat.investigator_id
            key = (seat.player_id, scope, investigator)
            rows.append(((PLAYER_INVESTIGATOR, key), seated, None))
            ended = {name: int(seat.ended == name) for name in SEAT_ENDINGS_COUNTED}
            rows.append(((INVESTIGATOR, (investigator, scope)), {**tally, **ended}, best))
            rows.append(((INVESTIGATOR_ANCIENT_ONE, (investigator, scope, ao)), tally, best))
            rows.append(((INVESTIGATOR_TABLE_SIZE, (investigator, scope, size)), tally, best))
        if game.team_id:
            entries = {"scenarios_entered": int(game.is_entry), "series_points": entry_points}
            rows.append(((TEAM, (game.team_id, scope)), {**tally, **entries}, best))
            rows.append(((TEAM_ANCIENT_ONE, (game.team_id, scope, ao)), tally, best))
            rows.append(((TEAM_MONTH, (game.team_id, scope, month)), tally, best))
        rows.append(((ANCIENT_ONE_TABLE_SIZE, (ao, scope, size)), tally, best))
        if game.herald_id:
            rows.append(((HERALD, (game.herald_id, scope)), tally, best))
        for box_id in game.box_ids:
            rows.append(((BOX, (box_id, scope)), tally, best))
        outcome = (ao, scope, game.outcome, game.defeat_cause)
        rows.append(((ANCIENT_ONE_OUTCOME, outcome), {"games": 1}, None))
        if best is not None:
            rows.append(((ANCIENT_ONE_SCORE, (ao, scope, size, best)), {"games": 1}, None))
    if game.is_entry and game.scenario_id:
        entry = {"entries": 1, "points": entry_points}
        rows.append(((SCENARIO, (game.scenario_id,)), entry, None))
        if game.series_id:
            if game.team_id:
                rows.append(((SERIES_TEAM, (game.series_id, game.team_id)), entry, None))
            for player in players:
                rows.append(((SERIES_PLAYER, (game.series_id, player)), entry, None))
    return rows


def _add(delta: Delta, row: Row, sign: int) -> None:
    key, sums, best = row
    change = delta.get(key)
    if change is None:
        change = delta[key] = Change()
    change.add(sums, best, sign)


def change_into(
    delta: Delta,
    before: GameFacts | None,
    after: GameFacts | None,
    seasons: Iterable[SeasonSpan],
) -> None:
    """Add one game's change (``after`` minus ``before``; None: no game) in ``delta``.

    A row the game adds the same way before and after (who played with whom, when only
    the score moved) cancels out and is passed over: a rescore touches only what it moves.
    """
    seasons = list(seasons)
    old = contribution(before, seasons) if before is not None else []
    new = contribution(after, seasons) if after is not None else []
    for was, now in zip_longest(old, new):
        if was != now:
            if was is not None:
                _add(delta, was, -1)
            if now is not None:
                _add(delta, now, 1)
