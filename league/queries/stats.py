"""Ancient One statistics, the home page's numbers, and "compare your score"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, Max, Q

from games import rules
from games.models import AncientOne, DefeatCause, Outcome, Player, Session, Status
from league.models import Season

from .games import LeagueGames, league_games, medians_by_ancient_one
from .players import percentage, standings

# How many rows the short lists on the home and Ancient One pages show.
TOP_SHOWN = 10
# The current season's leaders shown on the home page.
SEASON_LEADERS_SHOWN = 5


def ancient_one_summaries() -> list[AncientOne]:
    """Every Ancient One with its approved record; two queries in all."""
    approved = Q(sessions__status=Status.APPROVED)
    outcome_counts = {
        outcome: Count("sessions", filter=approved & Q(sessions__outcome=outcome))
        for outcome in rules.OUTCOMES
    }
    ancient_ones = list(
        AncientOne.objects.select_related("box")
        .annotate(
            games=Count("sessions", filter=approved),
            victories=Count("sessions", filter=approved & ~Q(sessions__outcome=Outcome.DEFEAT)),
            best_score=Max("sessions__score", filter=approved),
            mean_score=Avg("sessions__score", filter=approved),
            **outcome_counts,
        )
        .annotate(win_pct=percentage("victories", "games"))
        .order_by("name")
    )
    medians = medians_by_ancient_one(league_games())
    for ancient_one in ancient_ones:
        ancient_one.median_score = medians.get(ancient_one.pk)
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
    top_games: LeagueGames


def ancient_one_profile(ancient_one: AncientOne) -> AncientOneProfile:
    """An Ancient One's approved games: outcome shares, score statistics, best games."""
    games = league_games().for_ancient_one(ancient_one)
    stats = games.order_by().aggregate(
        games=Count("pk"),
        victories=Count("pk", filter=~Q(outcome=Outcome.DEFEAT)),
        best_score=Max("score"),
        mean_score=Avg("score"),
    )
    stats["median_score"] = medians_by_ancient_one(games).get(ancient_one.pk)
    stats["win_pct"] = 100 * stats["victories"] / stats["games"] if stats["games"] else None
    counts = games.order_by().values("outcome", "defeat_cause").annotate(n=Count("pk"))
    by_key = {(row["outcome"], row["defeat_cause"]): row["n"] for row in counts}
    total = stats["games"] or 1
    outcomes = [
        OutcomeShare(label, by_key.get((value, ""), 0), 100 * by_key.get((value, ""), 0) / total)
        for value, label in Outcome.choices
        if value != Outcome.DEFEAT
    ] + [
        OutcomeShare(
            f"Defeat — {label}",
            by_key.get((Outcome.DEFEAT, value), 0),
            100 * by_key.get((Outcome.DEFEAT, value), 0) / total,
        )
        for value, label in DefeatCause.choices
    ]
    distribution = list(
        games.victories()
        .order_by("score")
        .values("score")
        .annotate(n=Count("pk"))
        .values_list("score", "n")
    )
    top = games.ranked().with_rank().for_tables()[:TOP_SHOWN]
    return AncientOneProfile(
        stats=stats, outcomes=outcomes, distribution=distribution, top_games=top
    )


def home_summary() -> dict[str, Any]:
    """The home page's numbers and short lists."""
    games = league_games()
    totals = games.order_by().aggregate(
        games=Count("pk"), victories=Count("pk", filter=~Q(outcome=Outcome.DEFEAT))
    )
    totals["win_pct"] = 100 * totals["victories"] / totals["games"] if totals["games"] else None
    first_citizens = (
        Player.objects.annotate(
            # Through the player's first seat at each game, as the standings count titles.
            titles=Count(
                "seats",
                filter=Q(
                    seats__first_citizen=True,
                    seats__players_first_seat=True,
                    seats__session__status=Status.APPROVED,
                ),
            )
        )
        .filter(titles__gt=0)
        .order_by("-titles", "name")[:TOP_SHOWN]
    )
    season = Season.objects.current()
    leaders = (
        standings(start=season.start, end=season.end)
        .filter(games__gt=0)
        .order_by("-victories", "-games", "name")[:SEASON_LEADERS_SHOWN]
        if season
        else []
    )
    return {
        "totals": totals,
        "latest": games.select_related("ancient_one").order_by("-played_on", "-pk")[:TOP_SHOWN],
        "best": games.ranked().for_tables()[:TOP_SHOWN],
        "first_citizens": first_citizens,
        "season": season,
        "season_leaders": leaders,
    }


@dataclass(frozen=True)
class Placing:
    """Where a score places among approved victories in one pool."""

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


def score_comparison(game: Session) -> ScoreComparison | None:
    """Rank a victory against approved victories over its Ancient One, in one query.

    Two pools: the same number of investigators, and any number; a game played as a team
    is also ranked among the games played as a team. A pending game is placed
    as it would rank; a defeat has no score to compare (``None``).
    """
    if not game.is_victory or game.score is None:
        return None
    score, played_on = game.score, game.played_on
    ahead = (
        Q(score__gt=score)
        | Q(score=score, played_on__lt=played_on)
        | Q(score=score, played_on=played_on, pk__lt=game.pk)
    )
    same = Q(investigator_count=game.investigator_count)
    team = Q(team__isnull=False)
    numbers = (
        league_games()
        .victories()
        .for_ancient_one(game.ancient_one_id)
        .exclude(pk=game.pk)
        .order_by()
        .aggregate(
            total=Count("pk"),
            ahead=Count("pk", filter=ahead),
            beaten=Count("pk", filter=Q(score__lt=score)),
            same_total=Count("pk", filter=same),
            same_ahead=Count("pk", filter=same & ahead),
            same_beaten=Count("pk", filter=same & Q(score__lt=score)),
            team_total=Count("pk", filter=team),
            team_ahead=Count("pk", filter=team & ahead),
            team_beaten=Count("pk", filter=team & Q(score__lt=score)),
        )
    )
    team_games = (
        Placing(numbers["team_ahead"] + 1, numbers["team_total"] + 1, numbers["team_beaten"])
        if game.team_id
        else None
    )
    return ScoreComparison(
        same_size=Placing(
            numbers["same_ahead"] + 1, numbers["same_total"] + 1, numbers["same_beaten"]
        ),
        all_sizes=Placing(numbers["ahead"] + 1, numbers["total"] + 1, numbers["beaten"]),
        team_games=team_games,
    )
