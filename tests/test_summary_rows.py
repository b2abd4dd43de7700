"""The small summary tables and fixed lists, template loops: each cell labelled for the
phone's card layout, names escaped and linked, a dash for a missing number, the empty row."""

import datetime

import pytest
from django.template.loader import render_to_string

from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


def test_record_by_ancient_one_links_escapes_rounds_and_dashes():
    rows = [
        {
            "ancient_one__name": "Yig <the father>",
            "ancient_one__slug": "yig",
            "games": 3,
            "victories": 1,
            "win_pct": 100 / 3,
            "best_score": None,
            "mean_score": 12.25,
        }
    ]
    html = render_to_string(
        "league/includes/record_by_ancient_one.html", {"side": "Ann", "rows": rows}
    )
    assert '<a href="/en/l/arkham/ancient-ones/yig/">Yig &lt;the father&gt;</a>' in html
    assert '<td class="num" data-label="Win %">33%</td>' in html
    assert '<td class="num" data-label="Best">—</td>' in html
    assert '<td class="num" data-label="Mean">12.3</td>' in html
    empty = render_to_string("league/includes/record_by_ancient_one.html", {"rows": []})
    assert '<tr><td colspan="6">No approved games yet.</td></tr>' in empty


def test_a_player_page_labels_every_summary_cell(client):
    game(
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bo & Cy", "Bob Jenkins")],
        played_on=datetime.date(2026, 3, 7),
    )
    html = client.get(reverse("league:player", kwargs={"slug": "ann"})).content.decode()
    assert '<th scope="row" data-label="Month">March 2026</th>' in html
    assert '<th scope="row" data-label="Investigator">Amanda Sharpe</th>' in html
    assert '<td class="num" data-label="Games together">1</td>' in html
    assert ">Bo &amp; Cy</a></th>" in html


def test_a_player_who_always_plays_alone_says_so(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    html = client.get(reverse("league:player", kwargs={"slug": "ann"})).content.decode()
    assert '<tr><td colspan="3">Always alone so far.</td></tr>' in html
