"""Stored ratings (``games.rating_rules``): current values, one point per game, the backlog.

Written only by ``games.ratings`` (a replay in a background job, or a rebuild); pages and
the API read these rows and never rate anything per request.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from .catalog import AncientOne
from .players import Player


class Rating(models.Model):
    """One rated subject's current rating: a player, an Ancient One, or a table of N."""

    player = models.OneToOneField(
        Player, null=True, blank=True, on_delete=models.CASCADE, related_name="rating"
    )
    ancient_one = models.OneToOneField(
        AncientOne, null=True, blank=True, on_delete=models.CASCADE, related_name="rating"
    )
    table_players = models.PositiveSmallIntegerField(null=True, blank=True, unique=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    # The rating shown and ranked on (rating_rules.rating_value: a player's settled mu; an
    # Ancient One's or a table's mu), stored to sort on.
    value = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    # A player's chart: [game number, ISO date played, mu, sigma] after a bounded sample of
    # their games (rating_rules.chart_sample), kept by each replay so a page reads no points.
    history = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(player__isnull=False, ancient_one__isnull=True, table_players__isnull=True)
                    | Q(player__isnull=True, ancient_one__isnull=False, table_players__isnull=True)
                    | Q(player__isnull=True, ancient_one__isnull=True, table_players__isnull=False)
                ),
                name="rating_one_subject",
            )
        ]
        indexes = [models.Index(fields=["value"], name="rating_value_idx")]

    def __str__(self) -> str:
        return f"Rating {self.pk}: {self.value:.1f}"


class RatingPoint(models.Model):
    """A subject's rating after its ``n``-th game (the chart; where a replay restarts).

    The game's order key is copied here and the game is a plain number, not a foreign
    key: a deleted game's points stay until the replay that removes them has run.
    """

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="points")
    n = models.PositiveIntegerField()
    session_id = models.BigIntegerField()
    played_on = models.DateField()
    created_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rating", "n"], name="rating_point_unique"),
        ]
        indexes = [
            models.Index(
                fields=["played_on", "created_at", "session_id"], name="rating_point_order_idx"
            )
        ]

    def __str__(self) -> str:
        return f"Rating point {self.rating_id}/{self.n}"


class RatingBacklog(models.Model):
    """A change to the rated history waiting for the replay: from this game on."""

    played_on = models.DateField()
    created_at = models.DateTimeField()
    session_id = models.BigIntegerField()

    def __str__(self) -> str:
        return f"Ratings from game {self.session_id}"


class RatingState(models.Model):
    """The one row saying when the ratings were last brought up to date."""

    as_of = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Ratings as of {self.as_of}"
