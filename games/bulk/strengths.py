"""The demo league's hidden truths: how hard each Ancient One, herald and box makes a game,
how much each investigator helps, and how skilled each player is.

The planner draws a game's table first, then whether it was won, with the chance these
strengths give (a logistic model: each effect adds to the log-odds of a victory). So the
demo's statistics show real differences -- Azathoth beats more tables than Yig, a herald
makes a game harder, some investigators and players win more -- and a test can check
that the rating finds the strong and the weak players it was built from.

Every strength is drawn from its own generator seeded by the league's seed and the
thing's id, so the same seed gives the same league whatever was drawn before; players'
skills are spread evenly over a normal distribution (``_spread``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .planner import Catalog

# Log-odds of a victory for an average table: about 70 % of games won, as in the demo
# league before strengths (and as in the league's own records: a game usually won).
BASE = 1.15
# Spread (standard deviation, in log-odds) of each kind of effect.
ANCIENT_ONE_SPREAD = 0.6
HERALD_SPREAD = 0.3
HERALD_MEAN = 0.35  # a herald makes the game harder on the whole
BOX_SPREAD = 0.2
INVESTIGATOR_SPREAD = 0.35
PLAYER_SPREAD = 0.8
# Each investigator past four makes the game a little harder (more gates, more monsters).
PER_EXTRA_SEAT = 0.08
# Famously hard or easy Ancient Ones, beside their drawn difficulty.
KNOWN = {"Azathoth": 0.9, "Yog-Sothoth": 0.5, "Cthulhu": 0.3, "Yig": -0.5, "Ithaqua": -0.3}


def _draw(seed: int, kind: str, key: int, spread: float, mean: float = 0.0) -> float:
    return random.Random(f"{seed}:{kind}:{key}").gauss(mean, spread)


def _spread(seed: int, players: Sequence[int]) -> dict[int, float]:
    """Players' skills: the normal distribution's evenly spaced quantiles, dealt out in a
    seeded order, so a league of any size has a clear best and worst player, and a
    middle."""
    order = sorted(players)
    random.Random(f"{seed}:players").shuffle(order)
    normal = NormalDist(0.0, PLAYER_SPREAD)
    return {pk: normal.inv_cdf((rank + 0.5) / len(order)) for rank, pk in enumerate(order)}


@dataclass
class Strengths:
    """Each thing's effect on the log-odds of a victory (positive: harder to win)."""

    ancient_ones: dict[int, float]
    heralds: dict[int, float]
    boxes: dict[int, float]
    investigators: dict[int, float]
    players: dict[int, float]  # positive: a stronger player

    @classmethod
    def drawn(cls, seed: int, catalog: Catalog) -> Strengths:
        """The strengths of ``catalog``'s Ancient Ones, heralds, boxes, investigators and
        players for this seed."""
        heralds = [herald.pk for heralds in catalog.heralds_by_box.values() for herald in heralds]
        investigators = [pk for pks in catalog.investigators_by_box.values() for pk in pks]
        return cls(
            ancient_ones={
                ao.pk: _draw(seed, "ancient_one", ao.pk, ANCIENT_ONE_SPREAD)
                + KNOWN.get(ao.name, 0.0)
                for ao in catalog.ancient_ones
            },
            heralds={pk: _draw(seed, "herald", pk, HERALD_SPREAD, HERALD_MEAN) for pk in heralds},
            boxes={
                pk: _draw(seed, "box", pk, BOX_SPREAD) for pk in [catalog.base, *catalog.expansions]
            },
            investigators={
                pk: _draw(seed, "investigator", pk, INVESTIGATOR_SPREAD) for pk in investigators
            },
            players=_spread(seed, catalog.players),
        )

    def win_chance(
        self,
        *,
        ancient_one: int,
        herald: int | None,
        boxes: Sequence[int],
        investigators: Sequence[int],
        players: Sequence[int],
    ) -> float:
        """The chance this table wins: the mean skill of its (distinct) players and the
        mean help of its investigators, against the Ancient One, herald and boxes."""
        people = set(players)
        logit = (
            BASE
            - self.ancient_ones.get(ancient_one, 0.0)
            - (self.heralds.get(herald, 0.0) if herald is not None else 0.0)
            - sum(self.boxes.get(box, 0.0) for box in boxes)
            + sum(self.investigators.get(pk, 0.0) for pk in investigators) / len(investigators)
            + sum(self.players.get(pk, 0.0) for pk in people) / len(people)
            - PER_EXTRA_SEAT * max(0, len(investigators) - 4)
        )
        return 1 / (1 + math.exp(-logit))
