"""The league's rating: a cooperative game as a match of two sides, rated with openskill.

Pure Python (no Django import): what a game means to the rating, in which order games
are rated, and how one game moves the ratings. ``games.ratings`` stores and replays it.

The rules:

1. **Two sides.** Each approved game is the investigators' players (one side) against
   the Ancient One (the other). A victory (closed, sealed or banished) is a win for the
   players, a defeat a win for the Ancient One. There are no draws.
2. **Each player once.** A player with two seats at the table counts once.
3. **The table.** openskill adds up the skills of a side's members, so five average
   players would "outplay" one Ancient One five times over. The Ancient One's side is
   therefore the Ancient One *and* the table: one more rating per number of players
   (1 to 8) that starts at ``(players - 1) × 25``, so a new league's first game of any
   size is an even match, and then learns how much harder (or easier) a table of that
   size finds the game.
4. **The model.** Plackett–Luce (openskill's default, Weng and Lin 2011, algorithm 4)
   with openskill's default parameters: every rating starts at μ 25, σ 25/3 (a table
   at its own μ, σ 25/3); β 25/6; τ 25/300 keeps σ from shrinking to nothing. With two
   sides and no draws Plackett–Luce and Bradley–Terry give the same update, and
   Thurstone–Mosteller's draw margin has nothing to do here.
5. **The order.** Games are rated by date played, then submission time, then number
   (``GAME_ORDER``): a game approved, edited or rejected before the latest one replays
   every later game.
6. **What is shown.** μ is the model's latest estimate, and it swings with each game's
   surprise. A player's rating is μ *settled*: the mean of μ over the latest half of
   their rated games (``rating_value``). On seeded leagues of the demo's size it orders
   players like their strength better than the win rate, μ or μ − 3σ (measured: see
   ``tests/test_ratings.py``; in leagues of a dozen players μ alone does a little
   better); unlike μ − 3σ it does not grow with the number of games played. Its
   meaning, on every page: the chance to win an *even game*, one that a subject at the
   start wins half the time (``even_chance``). A rating below ``provisional_games``
   games or with σ above ``PROVISIONAL_SIGMA`` is provisional. An Ancient One's
   difficulty is its μ (no history is kept for it): one rarely played stays near the
   start, so it does not look easy for want of games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

# The one definition of the order in which games are rated: fields of a game, in order.
GAME_ORDER = ("played_on", "created_at", "pk")
MODEL = PlackettLuce()
# Above this uncertainty (three quarters of where every rating starts) a rating is provisional.
PROVISIONAL_SIGMA = MODEL.sigma * 3 / 4
PLAYER, ANCIENT_ONE, TABLE = "player", "ancient_one", "table"


@dataclass(frozen=True)
class Skill:
    """A rating as openskill keeps it: mean μ and standard deviation σ."""

    mu: float
    sigma: float


@dataclass(frozen=True)
class MatchFacts:
    """What the rating needs of one approved game."""

    ancient_one_id: int
    victory: bool
    player_ids: tuple[int, ...]  # distinct, in any order


def prior() -> Skill:
    """Where every player and Ancient One starts."""
    return Skill(MODEL.mu, MODEL.sigma)


def table_prior(players: int) -> Skill:
    """Where the table of ``players`` starts: even against that many new players."""
    return Skill((players - 1) * MODEL.mu, MODEL.sigma)


def starting(kind: str, key: int) -> Skill:
    """The first rating of a subject: a table's depends on its size (``key``)."""
    return table_prior(key) if kind == TABLE else prior()


def subjects(game: MatchFacts) -> list[tuple[str, int]]:
    """Who a game rates: its players (each once, in id order), its Ancient One, its table."""
    players = sorted(set(game.player_ids))
    return [
        *((PLAYER, pk) for pk in players),
        (ANCIENT_ONE, game.ancient_one_id),
        (TABLE, len(players)),
    ]


def rate(players: Sequence[Skill], ancient_one: Skill, table: Skill, *, victory: bool):
    """One game: the players' new skills, the Ancient One's and the table's.

    Returns ``(players, ancient_one, table)`` as ``Skill``s, players in the order given.
    """
    if not players:
        raise ValueError("A rated game needs at least one player.")
    ours, theirs = MODEL.rate(
        _sides(players, ancient_one, table), ranks=[0, 1] if victory else [1, 0]
    )
    new_players = [Skill(r.mu, r.sigma) for r in ours]
    return new_players, Skill(theirs[0].mu, theirs[0].sigma), Skill(theirs[1].mu, theirs[1].sigma)


def provisional(games: int, threshold: int, sigma: float = 0.0) -> bool:
    """Whether a rating over ``games`` games, uncertain by ``sigma``, is still provisional."""
    return games < threshold or sigma > PROVISIONAL_SIGMA


def rating_value(history: Sequence[Sequence]) -> float:
    """The rating shown and ranked on: the mean μ over the latest half of a subject's
    games, from its points ``[game number, day, μ, σ]`` oldest first (the chart's even
    sample is enough). μ alone follows each game's luck; its recent mean keeps the
    evidence and drops the start, where μ still climbs from 25."""
    last = history[-1][0]
    recent = [point[2] for point in history if point[0] > last // 2]
    return sum(recent) / len(recent)


def rating_values(history: Sequence[Sequence]) -> list[float]:
    """The rating after each of ``history``'s points (the chart's line)."""
    return [rating_value(history[: at + 1]) for at in range(len(history))]


def even_chance(value: float) -> float:
    """What a rating (or a difficulty) means: by the model, the chance to win an even
    game -- one a subject at the start (μ 25) wins half the time. 0 to 1."""
    teams = [[MODEL.rating(mu=value, sigma=0.0)], [MODEL.rating(mu=MODEL.mu, sigma=0.0)]]
    return MODEL.predict_win(teams)[0]


def win_chance(players: Sequence[Skill], ancient_one: Skill, table: Skill) -> float:
    """The players' chance to win, as the model sees it before the game (0 to 1)."""
    return MODEL.predict_win(_sides(players, ancient_one, table))[0]


def _sides(players: Sequence[Skill], ancient_one: Skill, table: Skill) -> list[list]:
    """The game as openskill's match of two teams (rule 3)."""
    return [
        [MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side]
        for side in (players, (ancient_one, table))
    ]


def chart_sample(games: int, points: int) -> list[int]:
    """Which of a subject's game numbers (1 to ``games``) a chart of at most ``points``
    points shows: all of them, or evenly spaced ones from the first to the last."""
    if games <= points:
        return list(range(1, games + 1))
    if points < 2:
        return [games]
    return sorted({round(1 + i * (games - 1) / (points - 1)) for i in range(points)})
