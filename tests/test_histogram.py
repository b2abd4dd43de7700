"""Median, mean and best of a score histogram: pure functions, table-tested."""

import statistics

import pytest

from league.queries.histogram import (
    best_from_histogram,
    mean_from_histogram,
    median_from_histogram,
    merged,
)


@pytest.mark.parametrize(
    "pairs, median",
    [
        ([], None),
        ([(7, 0)], None),
        ([(7, 1)], 7),
        ([(5, 1), (9, 1)], 7),  # even: the mean of the middle two
        ([(5, 2), (9, 1)], 5),
        ([(5, 1), (9, 2)], 9),
        ([(9, 1), (5, 1), (7, 1)], 7),  # rows in any order
        ([(10, 2), (12, 1), (14, 1)], 11),  # the middle two fall in different rows
        ([(-3, 1), (-1, 1)], -2),  # scores below zero
        ([(4, 3), (4, 1), (8, 4)], 6),  # one score split over rows (investigator counts)
        ([(1, 1_000_000), (50, 1_000_001)], 50),
    ],
)
def test_median_from_histogram(pairs, median):
    assert median_from_histogram(pairs) == median


@pytest.mark.parametrize(
    "scores",
    [[3], [3, 3], [1, 2, 3, 4], [10, 10, 12, 14], [-5, 0, 0, 7, 7, 7, 20], list(range(-4, 31, 3))],
)
def test_histogram_statistics_agree_with_the_expanded_scores(scores):
    pairs = [(score, scores.count(score)) for score in set(scores)]
    assert median_from_histogram(pairs) == statistics.median(scores)
    assert mean_from_histogram(pairs) == pytest.approx(statistics.fmean(scores))
    assert best_from_histogram(pairs) == max(scores)


def test_merged_adds_rows_per_score_lowest_first_and_drops_empty_scores():
    assert merged([(9, 1), (4, 2), (9, 3), (6, 0)]) == [(4, 2), (9, 4)]


def test_empty_histogram_has_no_statistics():
    assert (mean_from_histogram([]), best_from_histogram([])) == (None, None)
