"""Summary rows: sums of what approved games contribute (``games.summaries``, which alone
writes them). Pages derive rates, means and medians from these rows, so a page costs the
same at a million games as at ten thousand. ``scope``: a season's id (> 0), ``-league.pk``
for a league's all time, or ``ALL_LEAGUES`` (0) for every public league together.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.db.models import F, FloatField, Value
from django.db.models.functions import Cast, NullIf, Sqrt

from games.intervals import Z95

from .catalog import AncientOne, Investigator
from .choices import ALL_LEAGUES as ALL_LEAGUES  # beside the player model, which reads it
from .players import Player
from .scenarios import Scenario, Series
from .teams import Team


def _unique(*fields: str, name: str) -> models.UniqueConstraint:
    return models.UniqueConstraint(fields=list(fields), name=name)


def scope_of(league, season=None) -> int:
    """The summary scope of ``season`` of ``league``: the season's id; without a season the
    league's all time (``-league.pk``); without a league either, every public league
    together (``ALL_LEAGUES``). A season of another league is an error, not its rows."""
    if season is not None:
        if league is not None and season.league_id != league.pk:
            raise ValueError(f"season {season.pk} is not of league {league.pk}")
        return season.pk
    return -league.pk if league is not None else ALL_LEAGUES


def wilson_bounds(
    wins: str, games: str, *, low: str = "win_low", high: str = "win_high"
) -> dict[str, Cast]:
    """``low`` and ``high``: the Wilson interval of ``wins`` out of ``games`` in per cent,
    NULL without games. With k wins of n games (``games.intervals.wilson`` multiplied
    through by n): (k + z²/2 ∓ z·√(k(n − k)/n + z²/4)) / (n + z²)."""
    k, n = Cast(F(wins), FloatField()), Cast(NullIf(F(games), 0), FloatField())
    z2 = Value(Z95 * Z95)
    centre = k + z2 / 2
    half = Value(Z95) * Sqrt(k * (n - k) / n + z2 / 4)
    return {
        low: Cast(100 * (centre - half) / (n + z2), FloatField()),
        high: Cast(100 * (centre + half) / (n + z2), FloatField()),
    }


def rates(prefix: str = "", *, bounds: bool = False) -> dict[str, Cast]:
    """``win_pct_value`` and ``avg_victory_score`` of a tally's columns (under ``prefix``,
    e.g. ``"standings__"`` from a joined model), NULL where undefined, to sort on; with
    ``bounds``, the win rate's Wilson interval too (``win_low``, ``win_high``)."""

    def ratio(part: str, whole: str, scale: float) -> Cast:
        return Cast(F(prefix + part) * scale / NullIf(F(prefix + whole), 0), FloatField())

    return {
        "win_pct_value": ratio("victories", "games", 100.0),
        "avg_victory_score": ratio("score_sum", "victories", 1.0),
        **(wilson_bounds(prefix + "victories", prefix + "games") if bounds else {}),
    }


class TallyQuerySet(models.QuerySet):
    def in_scope(self, league, season=None):
        return self.filter(scope=scope_of(league, season))

    def with_rates(self, *, bounds: bool = False):
        return self.annotate(**rates(bounds=bounds))


class Summary(models.Model):
    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"


class ScopedSummary(Summary):
    """A summary row of one scope: a season, a league's all time or every public league."""

    scope = models.IntegerField(default=ALL_LEAGUES, db_index=False)

    objects = TallyQuerySet.as_manager()

    class Meta:
        abstract = True


class Tally(ScopedSummary):
    games = models.PositiveIntegerField(default=0)
    victories = models.PositiveIntegerField(default=0)
    score_sum = models.BigIntegerField(default=0)
    best_score = models.SmallIntegerField(null=True)

    class Meta:
        abstract = True

    @property
    def win_pct(self) -> float | None:
        return 100 * self.victories / self.games if self.games else None

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.victories if self.victories else None


# A side is who plays games and has a page of its record: a player or a team. Each side
# keeps the same three tallies (a standings row, one row per Ancient One, one per month),
# whose concrete models add only their foreign key to the side and their constraints.


class SideStanding(Tally):
    """A side's standings row in one scope; ``summary_fields`` are the side's own numbers
    its page's summary box shows beside the tally's."""

    summary_fields: ClassVar[tuple[str, ...]] = ()

    class Meta:
        abstract = True

    def summary(self) -> dict:
        """The numbers a page's summary box shows (rates derived)."""
        numbers = ("games", "victories", "win_pct", "best_score", "mean_score")
        return {name: getattr(self, name) for name in (*numbers, *self.summary_fields)}


class AncientOneRecordQuerySet(TallyQuerySet):
    def record(self):
        """The side's record by Ancient One as a page and the API show it (name, slug,
        games, victories, best score, ``win_pct``, ``mean_score``), most games first."""
        return (
            self.filter(games__gt=0)
            .with_rates()
            .values(
                "ancient_one__name",
                "ancient_one__slug",
                "games",
                "victories",
                "best_score",
                win_pct=F("win_pct_value"),
                mean_score=F("avg_victory_score"),
            )
            .order_by("-games", "ancient_one__name")
        )


class SideAncientOne(Tally):
    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")

    objects = AncientOneRecordQuerySet.as_manager()

    class Meta:
        abstract = True


class SideMonth(Tally):
    """A side's games in one calendar month (``month`` is its first day): the chart."""

    month = models.DateField()

    class Meta:
        abstract = True


class PlayerStanding(SideStanding):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    first_citizen_titles = models.PositiveIntegerField(default=0)
    gate_trophies = models.PositiveIntegerField(default=0)
    monster_trophies = models.PositiveIntegerField(default=0)

    summary_fields = ("first_citizen_titles",)

    class Meta:
        constraints = [_unique("player", "scope", name="player_standing_unique")]
        indexes = [
            models.Index(fields=["scope", "victories"], name="player_standing_wins_idx"),
            models.Index(
                fields=["scope", "first_citizen_titles"], name="player_standing_titles_idx"
            ),
        ]


class PlayerAncientOne(SideAncientOne):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("player", "scope", "ancient_one", name="player_ancient_one_unique")]


class PlayerMonth(SideMonth):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("player", "scope", "month", name="player_month_unique")]


class PlayerInvestigator(ScopedSummary):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    investigator = models.ForeignKey(Investigator, on_delete=models.CASCADE, related_name="+")
    seats = models.PositiveIntegerField(default=0)
    victories = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            _unique("player", "scope", "investigator", name="player_investigator_unique")
        ]
        # An investigator page's players who play them most: a bounded index slice.
        indexes = [
            models.Index(
                fields=["scope", "investigator", "seats"], name="player_investigator_most_idx"
            )
        ]


class InvestigatorStanding(Tally):
    """An investigator's record in one scope: a game per seat they held (an investigator
    sits once per game), and how many of those seats ended each way but sane."""

    investigator = models.ForeignKey(
        Investigator, on_delete=models.CASCADE, related_name="standings"
    )
    devoured = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)  # lost in time and space
    retired = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [_unique("investigator", "scope", name="investigator_standing_unique")]


class InvestigatorAncientOne(Tally):
    investigator = models.ForeignKey(Investigator, on_delete=models.CASCADE, related_name="+")
    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            _unique("investigator", "scope", "ancient_one", name="investigator_ancient_one_unique")
        ]


class InvestigatorTableSize(Tally):
    investigator = models.ForeignKey(Investigator, on_delete=models.CASCADE, related_name="+")
    investigator_count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            _unique(
                "investigator", "scope", "investigator_count", name="investigator_table_size_unique"
            )
        ]


class PlayerTeammate(ScopedSummary):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    teammate = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    victories = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [_unique("player", "scope", "teammate", name="player_teammate_unique")]
        indexes = [models.Index(fields=["player", "scope", "games"], name="teammate_games_idx")]


class TeamStanding(SideStanding):
    """A team's standings row in one scope, with its scenario entries and series points."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="standings")
    scenarios_entered = models.PositiveIntegerField(default=0)
    series_points = models.IntegerField(default=0)

    summary_fields = ("scenarios_entered", "series_points")

    class Meta:
        constraints = [_unique("team", "scope", name="team_standing_unique")]


class TeamAncientOne(SideAncientOne):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("team", "scope", "ancient_one", name="team_ancient_one_unique")]


class TeamMonth(SideMonth):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("team", "scope", "month", name="team_month_unique")]


class AncientOneOutcome(ScopedSummary):
    """Approved games against an Ancient One by outcome and defeat cause."""

    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(max_length=10)
    defeat_cause = models.CharField(max_length=24, blank=True)
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            _unique(
                "ancient_one", "scope", "outcome", "defeat_cause", name="ancient_one_outcome_unique"
            )
        ]


class AncientOneScore(ScopedSummary):
    """The victory-score histogram of an Ancient One, by number of investigators:
    medians, distributions, best scores and ranks come from these few rows."""

    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")
    investigator_count = models.PositiveSmallIntegerField()
    score = models.SmallIntegerField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            _unique(
                "ancient_one",
                "scope",
                "investigator_count",
                "score",
                name="ancient_one_score_unique",
            )
        ]
        indexes = [models.Index(fields=["scope", "score"], name="ancient_one_score_idx")]


class Entries(Summary):
    entries = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)

    class Meta:
        abstract = True


class ScenarioSummary(Entries):
    scenario = models.OneToOneField(Scenario, on_delete=models.CASCADE, related_name="summary")


class SeriesTeamStanding(Entries):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="team_standings")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("series", "team", name="series_team_unique")]


class SeriesPlayerStanding(Entries):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="player_standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [_unique("series", "player", name="series_player_unique")]
