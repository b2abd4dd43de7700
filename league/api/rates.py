"""Rates as the statistics answers carry them, from the rows the pages read."""

from __future__ import annotations

from games.intervals import rated


def rated_row(row, suffix: str = "") -> dict:
    # ``suffix`` "_without": the games without the row's herald or box.
    numbers = [getattr(row, f"{name}{suffix}") for name in ("games", "victories", "score_sum")]
    return rated(*numbers)


def record(row, **names) -> dict:
    return {**rated_row(row), "best_score": row.best_score, **names}
