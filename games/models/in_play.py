"""Summary rows of what a game puts in play besides its seats: its herald, its boxes, and
its table size against its Ancient One. The league's games in a scope are the sum of its
``AncientOneTableSize`` rows (a few hundred at most): a herald's or a box's "without" is that
less its row, so no page counts games to compare.
"""

from __future__ import annotations

from django.db import models

from .catalog import AncientOne, Box, Herald
from .summaries import Tally, _unique


class HeraldStanding(Tally):
    """Approved games played with a herald, in one scope."""

    herald = models.ForeignKey(Herald, on_delete=models.CASCADE, related_name="standings")

    class Meta:
        constraints = [_unique("herald", "scope", name="herald_standing_unique")]


class BoxStanding(Tally):
    """Approved games played with a box in play, in one scope."""

    box = models.ForeignKey(Box, on_delete=models.CASCADE, related_name="standings")

    class Meta:
        constraints = [_unique("box", "scope", name="box_standing_unique")]


class AncientOneTableSize(Tally):
    """Approved games against an Ancient One at tables of ``investigator_count``
    investigators, defeats included (its win rate by table size)."""

    ancient_one = models.ForeignKey(AncientOne, on_delete=models.CASCADE, related_name="+")
    investigator_count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            _unique(
                "ancient_one",
                "scope",
                "investigator_count",
                name="ancient_one_table_size_unique",
            )
        ]
