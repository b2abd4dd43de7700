"""Statistics of a score histogram (``AncientOneScore``: victories per score), so a page
reads a few dozen rows however many games there are. Pure functions, no Django import."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from itertools import accumulate

Histogram = Iterable[tuple[int, int]]  # (score, how many victories scored it)


def merged(pairs: Histogram) -> list[tuple[int, int]]:
    """Counts per score added up across rows, lowest score first, zeros left out."""
    counts: Counter[int] = Counter()
    for score, count in pairs:
        counts[score] += count
    return sorted((score, count) for score, count in counts.items() if count > 0)


def median_from_histogram(pairs: Histogram) -> float | None:
    """The median score (``None`` without victories): a search in the cumulative counts,
    so its cost is the number of distinct scores, not of victories."""
    counts = merged(pairs)
    seen = list(accumulate(count for _, count in counts))
    if not seen:
        return None
    # The 1-based positions of the middle victory or victories in score order.
    middle = ((seen[-1] + 1) // 2, (seen[-1] + 2) // 2)
    return sum(counts[bisect_left(seen, position)][0] for position in middle) / 2


def mean_from_histogram(pairs: Histogram) -> float | None:
    counts = merged(pairs)
    total = sum(count for _, count in counts)
    return sum(score * count for score, count in counts) / total if total else None


def best_from_histogram(pairs: Histogram) -> int | None:
    counts = merged(pairs)
    return counts[-1][0] if counts else None
