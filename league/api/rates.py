"""Rates as the statistics answers carry them, from the rows the pages read."""

from __future__ import annotations

from games.intervals import is_few, wilson


def rated(games: int, victories: int, score_sum: int) -> dict:
    """Win % with its 95 % Wilson interval (in per cent), the few-games mark and the mean
    victory score of a tally (``best_score`` is the caller's)."""
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


def rated_row(row, suffix: str = "") -> dict:
    """``rated`` of a summary row's columns (``suffix`` "_without": the games without it)."""
    numbers = [getattr(row, f"{name}{suffix}") for name in ("games", "victories", "score_sum")]
    return rated(*numbers)
