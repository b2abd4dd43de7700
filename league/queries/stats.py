"""Ancient One statistics, the home page's numbers, and "compare your score": counts from
the summaries kept on write (``AncientOneOutcome``, ``AncientOneScore``), lists of games
from bounded index slices, so no request reads every game however large the league grows."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from games import rules
from games.models import (
    AncientOne,
    AncientOneOutcome,
    AncientOneScore,
    DefeatCause,
    Outcome,
    PlayerStanding,
    Session,
    Status,
)
from games.models.summaries import scope_of
from league.models import Season

from .games import games_of, league_games
from .histogram import best_from_histogram, mean_from_histogram, median_from_histogram, merged
from .ratings import rating_of

# How many rows the short lists on the home and Ancient One pages show.
TOP_SHOWN = 10
# The current season's leaders shown on the home page.
SEASON_LEADERS_SHOWN = 5


def _pct(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


def _record(games: int, defeats: int, histogram: list[tuple[int, int]]) -> dict[str, Any]:
    victories = games - defeats
    return {
        "games": games,
        "victories": victories,
        "win_pct": _pct(victories, games),
        "best_score": best_from_histogram(histogram),
        "mean_score": mean_from_histogram(histogram),
        "median_score": median_from_histogram(histogram),
    }


def _per_ancient_one(model, league, column: str) -> defaultdict[int, list[tuple]]:
    # (value of ``column``, games) pairs of each Ancient One: a sum over a few summary rows.
    pairs = defaultdict(list)
    for ancient_one_id, value, games in (
        model.objects.in_scope(league)
        .values("ancient_one_id", column)
        .annotate(n=Sum("games"))
        .values_list("ancient_one_id", column, "n")
    ):
        pairs[ancient_one_id].append((value, games))
    return pairs


def ancient_one_summaries(league) -> list[AncientOne]:
    """Every Ancient One with its approved record in ``league`` (None: every public
    league), in three bounded queries."""
    outcomes = _per_ancient_one(AncientOneOutcome, league, "outcome")
    histograms = _per_ancient_one(AncientOneScore, league, "score")
    ancient_ones = list(AncientOne.objects.select_related("box", "rating").order_by("name"))
    for ancient_one in ancient_ones:
        counts = dict(outcomes.get(ancient_one.pk, []))
        games, defeats = sum(counts.values()), counts.get(Outcome.DEFEAT, 0)
        vars(ancient_one).update(_record(games, defeats, histograms.get(ancient_one.pk, [])))
        for outcome in rules.OUTCOMES:
            setattr(ancient_one, outcome, counts.get(outcome, 0))
        ancient_one.difficulty = rating_of(ancient_one)
    return ancient_ones


@dataclass(frozen=True)
class OutcomeShare:
    label: str
    games: int
    pct: float


@dataclass
class AncientOneProfile:
    stats: dict[str, Any]
    outcomes: list[OutcomeShare]
    distribution: list[tuple[int, int]]
    top_games: list[Session]


def top_games(games, limit: int = TOP_SHOWN) -> list[Session]:
    """The best ``limit`` victories of ``games``, each with its competition ``rank`` (1, 2,
    2, 4...): a slice from the top of the score index, nothing numbers every victory."""
    top = list(games.victories().filter(score__isnull=False).ranked().for_table_pages()[:limit])
    for position, game in enumerate(top, start=1):
        tied = position > 1 and game.score == top[position - 2].score
        game.rank = top[position - 2].rank if tied else position
    return top


def ancient_one_profile(ancient_one: AncientOne, league) -> AncientOneProfile:
    by_key = {
        (outcome, cause): games
        for outcome, cause, games in AncientOneOutcome.objects.in_scope(league)
        .filter(ancient_one=ancient_one)
        .values_list("outcome", "defeat_cause", "games")
    }
    defeats = sum(games for (outcome, _), games in by_key.items() if outcome == Outcome.DEFEAT)
    distribution = merged(
        AncientOneScore.objects.in_scope(league)
        .filter(ancient_one=ancient_one)
        .values_list("score", "games")
    )
    stats = _record(sum(by_key.values()), defeats, distribution)
    total = stats["games"] or 1
    # The endings the rules allow against it (no "Azathoth awoke" against Cthulhu), and any
    # other that has games, so the shares always add up.
    possible = set(rules.possible_endings(ancient_one.name))
    # str(): the labels are lazy translations; the API's schema takes only text.
    endings = [
        ((value, ""), str(label)) for value, label in Outcome.choices if value != Outcome.DEFEAT
    ]
    endings += [
        ((Outcome.DEFEAT, value), gettext("Defeat — %(cause)s") % {"cause": label})
        for value, label in DefeatCause.choices
    ]
    outcomes = [
        OutcomeShare(label, by_key.get(key, 0), 100 * by_key.get(key, 0) / total)
        for key, label in endings
        if key in possible or by_key.get(key)
    ]
    top = top_games(games_of(league).for_ancient_one(ancient_one))
    return AncientOneProfile(
        stats=stats, outcomes=outcomes, distribution=distribution, top_games=top
    )


def ancient_one_doom_tracks():
    """Every Ancient One with its doom track, box by box: from the catalog, not a copy, so
    a track corrected in the admin shows at once."""
    return AncientOne.objects.select_related("box").order_by("box__pk", "name")


def home_summary(league) -> dict[str, Any]:
    sums = AncientOneOutcome.objects.in_scope(league).aggregate(
        all_games=Coalesce(Sum("games"), 0),
        won_games=Coalesce(Sum("games", filter=~Q(outcome=Outcome.DEFEAT)), 0),
    )
    totals = {
        "games": sums["all_games"],
        "victories": sums["won_games"],
        "win_pct": _pct(sums["won_games"], sums["all_games"]),
    }
    season = Season.objects.filter(league=league).current()
    standings = PlayerStanding.objects.select_related("player")
    leaders = (
        standings.filter(scope=scope_of(league, season), games__gt=0).order_by(
            "-victories", "-games", "player__name"
        )[:SEASON_LEADERS_SHOWN]
        if season
        else []
    )
    return {
        "totals": totals,
        "latest": list(
            games_of(league).select_related("ancient_one").order_by("-played_on", "-pk")[:TOP_SHOWN]
        ),
        "best": top_games(games_of(league)),
        "first_citizens": list(
            standings.filter(scope=scope_of(league), first_citizen_titles__gt=0).order_by(
                "-first_citizen_titles", "player__name"
            )[:TOP_SHOWN]
        ),
        "season": season,
        "season_leaders": list(leaders),
    }


@dataclass(frozen=True)
class Placing:  # where a score places among approved victories in one pool
    rank: int
    total: int
    beaten: int

    @property
    def better_than_pct(self) -> float | None:
        """Share of the *other* victories in the pool with a lower score."""
        others = self.total - 1
        return 100 * self.beaten / others if others else None


@dataclass(frozen=True)
class ScoreComparison:
    same_size: Placing
    all_sizes: Placing
    team_games: Placing | None = None  # among games played as a team (team games only)


def _placing(histogram: list[tuple[int, int]], score: int, own: int, ties_ahead: int) -> Placing:
    # ``own`` is 1 when the game itself is in the histogram.
    total = sum(count for _, count in histogram) - own
    higher = sum(count for value, count in histogram if value > score)
    beaten = sum(count for value, count in histogram if value < score)
    return Placing(higher + ties_ahead + 1, total + 1, beaten)


def _tied_earlier(game: Session) -> Q:
    """The same score, played before the game (same day: submitted before it)."""
    earlier = Q(played_on__lt=game.played_on) | Q(played_on=game.played_on, pk__lt=game.pk)
    return Q(score=game.score) & earlier


def _tie_counts(game: Session) -> dict[str, int]:
    # Only the games tying the score: a range of the (status, Ancient One, score) index.
    victories = (
        league_games(game.league_id)
        .victories()
        .for_ancient_one(game.ancient_one_id)
        .exclude(pk=game.pk)
        .filter(score=game.score)
    )
    ties = _tied_earlier(game)
    return victories.aggregate(
        ties=Count("pk", filter=ties),
        same_ties=Count("pk", filter=ties & Q(investigator_count=game.investigator_count)),
    )


def _team_pool_counts(game: Session) -> dict[str, int]:
    # Read from the team games' own partial index alone (every column it needs is in
    # it), so the count never visits the games table.
    pool = (
        league_games(game.league_id)
        .scored_victories()
        .filter(ancient_one_id=game.ancient_one_id, team__isnull=False)
        .exclude(pk=game.pk)
    )
    return pool.aggregate(
        team_total=Count("pk"),
        team_ahead=Count("pk", filter=Q(score__gt=game.score) | _tied_earlier(game)),
        team_beaten=Count("pk", filter=Q(score__lt=game.score)),
    )


def score_comparison(game: Session) -> ScoreComparison | None:
    """Rank a victory among its league's victories over its Ancient One: with the same
    number of investigators, with any, and (a team's game) among team games.

    Counts above and below come from the score histogram; only earlier ties are counted
    from games (the Ancient One and score index), and the team pool, which no summary
    holds, from the team games' index. A pending game is placed as it would rank; a
    defeat has no score to compare (``None``).
    """
    if not game.is_victory or game.score is None:
        return None
    rows = AncientOneScore.objects.filter(
        ancient_one_id=game.ancient_one_id, scope=-game.league_id, games__gt=0
    ).values_list("investigator_count", "score", "games")
    same_size = [(score, n) for size, score, n in rows if size == game.investigator_count]
    counts = _tie_counts(game)
    # An approved game is in the histogram itself; the pools count it once, as "you".
    own = int(game.status == Status.APPROVED)
    team_games = None
    if game.team_id:
        counts |= _team_pool_counts(game)
        team_games = Placing(
            counts["team_ahead"] + 1, counts["team_total"] + 1, counts["team_beaten"]
        )
    return ScoreComparison(
        same_size=_placing(same_size, game.score, own, counts["same_ties"]),
        all_sizes=_placing([(score, n) for _, score, n in rows], game.score, own, counts["ties"]),
        team_games=team_games,
    )
