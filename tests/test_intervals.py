"""The Wilson interval against known values, and the few-games mark."""

import pytest

from games.intervals import FEW_GAMES, is_few, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (1, 1, 0.2065, 1.0),
        (0, 1, 0.0, 0.7935),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_known_values(successes, trials, low, high):
    assert wilson(successes, trials) == (
        pytest.approx(low, abs=5e-5),
        pytest.approx(high, abs=5e-5),
    )


def test_no_games_no_interval():
    assert wilson(0, 0) is None


def test_more_wins_than_games_is_refused():
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_few_games_below_the_constant():
    assert is_few(FEW_GAMES - 1)
    assert not is_few(FEW_GAMES)


def test_the_interval_uses_the_z_the_rules_page_states():
    # 8 of 9: with z = 1.96 (the rules page) the low end is 56.499 %, which shows as 56 %;
    # with the exact quantile 1.959964 it was 56.500 % and showed as 57 %.
    low, high = wilson(8, 9)
    assert (100 * low, 100 * high) == (pytest.approx(56.4994, abs=1e-4), pytest.approx(98.011))
