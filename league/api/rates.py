"""Rates as the statistics answers carry them, from the rows the pages read."""

from __future__ import annotations

from games.intervals import rated


def rated_row(row, suffix: str = "") -> dict:
    """``rated`` of a summary row's columns (``suffix`` "_without": the games without it)."""
    numbers = [getattr(row, f"{name}{suffix}") for name in ("games", "victories", "score_sum")]
    return rated(*numbers)
