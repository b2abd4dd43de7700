"""Summary rows: the league's aggregates, kept on write by ``games.summaries``.

Each row is a sum of what approved games contribute to it
(``games.summaries.contribution``). Pages read these rows and derive rates, means and
medians from them, so a page costs the same at a million games as at ten thousand.
``scope`` is 0 for all time, else the id of the season the numbers are for. Rows are
written only by ``games.summaries`` (in the transaction of the game write that changed
them) and by ``manage.py rebuild_summaries``; never by hand.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, FloatField
from django.db.models.functions import Cast, NullIf

from .catalog import AncientOne, Investigator
from .players import Player
from .scenarios import Scenario, Series
from .teams import Team

ALL_TIME = 0


def _unique(*fields: str, name: str) -> models.UniqueConstraint:
    return models.UniqueConstraint(fields=list(fields), name=name)


class Tally(models.Model):
    """Games, victories, the victories' score sum and the best victory score."""

    scope = models.PositiveIntegerField(default=ALL_TIME, db_index=False)
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

    def as_summary(self, *extra: str) -> dict:
        """The numbers a page's summary box shows (rates derived), plus ``extra`` fields."""
        numbers = ("games", "victories", "win_pct", "best_score", "mean_score", *extra)
        return {name: getattr(self, name) for name in numbers}


def scope_of(season) -> int:
    """The summary scope of ``season``: its id, or ``ALL_TIME`` when None."""
    return season.pk if season else ALL_TIME


def rates(prefix: str = "") -> dict[str, Cast]:
    """``win_pct_value`` and ``avg_victory_score`` of a tally's columns (under ``prefix``,
    e.g. ``"standings__"`` from a joined model), NULL where undefined, to sort on."""

    def ratio(part: str, whole: str, scale: float) -> Cast:
        return Cast(F(prefix + part) * scale / NullIf(F(prefix + whole), 0), FloatField())

    return {
        "win_pct_value": ratio("victories", "games", 100.0),
        "avg_victory_score": ratio("score_sum", "victories", 1.0),
    }


class TallyQuerySet(models.QuerySet):
    def in_scope(self, season=None):
        """Rows for ``season`` (all time when None)."""
        return self.filter(scope=scope_of(season))

    def with_rates(self):
        """Annotate ``win_pct_value`` and ``avg_victory_score`` (see ``rates``)."""
        return self.annotate(**rates())


class PlayerStanding(Tally):
    """A player's standings row in one scope."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    first_citizen_titles = models.PositiveIntegerField(default=0)
    gate_trophies = models.PositiveIntegerField(default=0)
    monster_trophies = models.PositiveIntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("player", "scope", name="player_standing_unique")]
        indexes = [
            models.Index(fields=["scope", "victories"], name="player_standing_wins_idx"),
            models.Index(
                fields=["scope", "first_citizen_titles"], name="player_standing_titles_idx"
            ),
        ]


class PlayerAncientOne(Tally):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("player", "scope", "ancient_one", name="player_ancient_one_unique")]


class PlayerMonth(Tally):
    """A player's games in one calendar month (``month`` is its first day): the chart."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    month = models.DateField()

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("player", "scope", "month", name="player_month_unique")]


class PlayerInvestigator(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveIntegerField(default=ALL_TIME)
    investigator = models.ForeignKey(Investigator, on_delete=models.CASCADE, related_name="+")
    seats = models.PositiveIntegerField(default=0)
    victories = models.PositiveIntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [
            _unique("player", "scope", "investigator", name="player_investigator_unique")
        ]


class PlayerTeammate(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveIntegerField(default=ALL_TIME)
    teammate = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    victories = models.PositiveIntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("player", "scope", "teammate", name="player_teammate_unique")]
        indexes = [models.Index(fields=["player", "scope", "games"], name="teammate_games_idx")]


class TeamStanding(Tally):
    """A team's standings row in one scope, with its scenario entries and series points."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="standings")
    scenarios_entered = models.PositiveIntegerField(default=0)
    series_points = models.IntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("team", "scope", name="team_standing_unique")]


class TeamAncientOne(Tally):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("team", "scope", "ancient_one", name="team_ancient_one_unique")]


class TeamMonth(Tally):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    month = models.DateField()

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("team", "scope", "month", name="team_month_unique")]


class AncientOneOutcome(models.Model):
    """Approved games against an Ancient One by outcome and defeat cause."""

    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveIntegerField(default=ALL_TIME)
    outcome = models.CharField(max_length=10)
    defeat_cause = models.CharField(max_length=24, blank=True)
    games = models.PositiveIntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [
            _unique(
                "ancient_one", "scope", "outcome", "defeat_cause", name="ancient_one_outcome_unique"
            )
        ]


class AncientOneScore(models.Model):
    """The victory-score histogram of an Ancient One, by number of investigators:
    medians, distributions, best scores and ranks come from these few rows."""

    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveIntegerField(default=ALL_TIME)
    investigator_count = models.PositiveSmallIntegerField()
    score = models.SmallIntegerField()
    games = models.PositiveIntegerField(default=0)

    objects = TallyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

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


class ScenarioSummary(models.Model):
    scenario = models.OneToOneField(Scenario, on_delete=models.CASCADE, related_name="summary")
    entries = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"


class SeriesTeamStanding(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="team_standings")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    entries = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("series", "team", name="series_team_unique")]


class SeriesPlayerStanding(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="player_standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    entries = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"

    class Meta:
        constraints = [_unique("series", "player", name="series_player_unique")]
