"""How sure a win rate is: the 95 % Wilson score interval, and when a sample is small.
Pure Python: the pages, the exports and the SQL sort all derive from these definitions."""

from __future__ import annotations

import math

# The normal quantile of a two-sided 95 % interval, as the rules page states it (1.96):
# the interval a reader recomputes from /rules/ is the one the site shows.
Z95 = 1.96
# Fewer games than this and a rate is marked "few games": its interval is wide.
FEW_GAMES = 10


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``successes`` out of ``trials``, as fractions in [0, 1].

    With p = k / n::

        centre = (p + z² / 2n) / (1 + z² / n)
        half   = z / (1 + z² / n) · √(p (1 − p) / n + z² / 4n²)
        interval = [centre − half, centre + half]

    Unlike p ± z·√(p(1−p)/n) it stays inside [0, 1] and is not empty at 0/n or n/n, so a
    single win is not "100 %". None when there are no trials (the rate is undefined).
    """
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def is_few(trials: int) -> bool:
    """Whether a rate over ``trials`` games is marked as resting on few games."""
    return trials < FEW_GAMES


def rated(games: int, victories: int, score_sum: int) -> dict:
    """Win % with its 95 % Wilson interval (in per cent), the few-games mark and the mean
    victory score of a tally (games, victories, the victories' score sum)."""
    bounds = wilson(victories, games)
    return {
        "games": games,
        "victories": victories,
        "win_pct": 100 * victories / games if games else None,
        "win_low": 100 * bounds[0] if bounds else None,
        "win_high": 100 * bounds[1] if bounds else None,
        "few_games": is_few(games),
        "mean_score": score_sum / victories if victories else None,
    }
