"""Statistics of a score histogram (``AncientOneScore``: victories per score), so a page
reads a few dozen rows however many games there are. Pure functions, no Django import."""

from __future__ import annotations

from collections.abc import Iterable

Histogram = Iterable[tuple[int, int]]  # (score, how many victories scored it)


def merged(pairs: Histogram) -> list[tuple[int, int]]:
    """Counts per score added up across rows, lowest score first, zeros left out."""
    counts: dict[int, int] = {}
    for score, count in pairs:
        counts[score] = counts.get(score, 0) + count
    return sorted((score, count) for score, count in counts.items() if count > 0)


def median_from_histogram(pairs: Histogram) -> float | None:
    """The median score (``None`` without victories): walks the cumulative counts to the
    middle, so its cost is the number of distinct scores, not of victories."""
    counts = merged(pairs)
    total = sum(count for _, count in counts)
    if not total:
        return None
    # 1-based positions of the middle victory or victories in score order.
    low, high = (total + 1) // 2, (total + 2) // 2
    found: dict[int, int] = {}
    seen = 0
    for score, count in counts:
        seen += count
        for position in (low, high):
            if position not in found and position <= seen:
                found[position] = score
        if high in found:
            break
    return (found[low] + found[high]) / 2


def mean_from_histogram(pairs: Histogram) -> float | None:
    counts = merged(pairs)
    total = sum(count for _, count in counts)
    if not total:
        return None
    return sum(score * count for score, count in counts) / total


def best_from_histogram(pairs: Histogram) -> int | None:
    counts = merged(pairs)
    return counts[-1][0] if counts else None
