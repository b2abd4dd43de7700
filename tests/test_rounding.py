"""One rounding rule on every surface: halves up, as ``floatformat`` writes them. One table
of cases is checked against the rule's function, Django's ``floatformat`` (templates), a
table column on the page and in a download, and the win-rate cells."""

import pytest
from django.template.defaultfilters import floatformat

from games.numbers import rounded, shown
from league.pages.investigators import rate_cell
from league.pages.tables import RoundedColumn

# (value, places, what every page shows)
CASES = [
    (82.5, 0, "83"),
    (81.5, 0, "82"),
    (19.65, 1, "19.7"),
    (19.75, 1, "19.8"),
    (0.5, 0, "1"),
    (2.675, 2, "2.68"),
    (-1.5, 0, "-2"),
    (99.96, 1, "100.0"),
    (7.0, 1, "7.0"),
    (0.0, 0, "0"),
]


@pytest.mark.parametrize(("value", "places", "text"), CASES)
def test_the_rule_writes_each_case_as_floatformat_does(value, places, text):
    assert shown(value, places) == text
    assert floatformat(value, places) == text
    assert str(rounded(value, places)) == text


@pytest.mark.parametrize(("value", "places", "text"), CASES)
def test_a_table_column_shows_and_downloads_each_case_the_same(value, places, text):
    column = RoundedColumn(places=places, suffix="%")
    assert column.render(value) == f"{text}%"
    assert str(column.value(value)) == text


def test_a_win_rate_cell_rounds_halves_up():
    # 33 of 40 = 82.5 %: 83 %, as the player pages and floatformat write it.
    assert rate_cell(33, 40).startswith("83% ")
