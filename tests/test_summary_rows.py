"""The small summary tables written in Python (league.pages.summary_rows): the numbers as
the template filters they replace wrote them, every text escaped, the empty row."""

import datetime

import pytest
from django.template.defaultfilters import floatformat

from league.pages import summary_rows

VALUES = [0, 0.0, 0.05, 0.25, 1 / 3, 2.25, 2.35, 12.345, 33.3333, 49.5, 50.0, 66.65, 99.95, 100.0]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("places", [0, 1])
def test_rounded_as_floatformat(value, places):
    assert summary_rows.rounded(value, places) == floatformat(value, places)


@pytest.mark.parametrize(
    "value, places, shown", [(None, 1, "—"), (2.25, 1, "2.3"), (12.5, 0, "13"), (7, 1, "7.0")]
)
def test_rounded_cases(value, places, shown):
    assert summary_rows.rounded(value, places) == shown


def test_record_rows_link_escape_and_dash():
    rows = [
        {
            "ancient_one__name": "Yig <the father>",
            "ancient_one__slug": "yig",
            "games": 3,
            "victories": 1,
            "win_pct": 100 / 3,
            "best_score": None,
            "mean_score": None,
        }
    ]
    html = summary_rows.record_rows(rows)
    assert '<a href="/ancient-ones/yig/">Yig &lt;the father&gt;</a>' in html
    assert '<td class="num" data-label="Win %">33%</td>' in html
    assert '<td class="num" data-label="Best">—</td>' in html
    assert '<td class="num" data-label="Mean">—</td>' in html


def test_empty_lists_say_so():
    assert summary_rows.record_rows([]) == '<tr><td colspan="6">No approved games yet.</td></tr>'
    assert "Always alone so far." in summary_rows.teammate_rows([])
    assert "None yet." in summary_rows.investigator_rows([])


def test_player_months_and_teammates():
    months = summary_rows.player_month_rows([(datetime.date(2026, 3, 1), 12, 9.25)])
    assert '<th scope="row" data-label="Month">March 2026</th>' in months
    assert '<td class="num" data-label="Mean">9.3</td>' in months
    mates = summary_rows.teammate_rows([{"slug": "ann", "name": "Ann", "games": 4, "victories": 2}])
    assert '<a href="/players/ann/">Ann</a>' in mates
