"""Server-side SVG charts: geometry as pure functions, rendered accessibly by
league/includes/chart.html."""

import datetime

import pytest
from django.template.loader import render_to_string

from league.pages import charts

pytestmark = pytest.mark.django_db  # a rendered chart is kept in the cache (the database's)


def figure(chart, chart_id: str = "c", empty_text: str = "") -> str:
    context = {"chart": chart, "chart_id": chart_id, "empty_text": empty_text}
    return render_to_string("league/includes/chart.html", context)


@pytest.mark.parametrize(
    "span, step", [(0, 1), (4, 1), (10, 2), (18, 5), (40, 10), (90, 20), (400, 100)]
)
def test_nice_step(span, step):
    assert charts.nice_step(span) == step


def test_score_line_places_points_by_date_and_score():
    day = datetime.date(2026, 1, 1)
    chart = charts.score_line(
        [(day, 10), (day + datetime.timedelta(days=10), 20)], title="T", description="D"
    )
    first, last = chart.points
    assert first.x == chart.left and last.x == chart.right
    assert last.y < first.y  # higher scores are drawn higher up
    assert chart.y_ticks[0].label == "0"
    assert chart.polyline.count(",") == 2
    html = figure(chart)
    assert "<title>1 January 2026: 10</title>" in html
    assert "<title>11 January 2026: 20</title>" in html
    assert ">January 2026</text>" in html  # the x axis names the months


def test_negative_scores_extend_the_axis_below_zero():
    chart = charts.score_line([(datetime.date(2026, 1, 1), -3)], title="T", description="D")
    assert int(chart.y_ticks[0].label) <= -3


def test_score_bars_fill_gaps_between_scores():
    chart = charts.score_bars([(5, 2), (8, 4)], title="T", description="D")
    assert [bar.value for bar in chart.bars] == [2, 0, 0, 4]
    tallest = max(chart.bars, key=lambda bar: bar.height)
    assert tallest.value == 4 and tallest.y >= chart.top


def test_empty_series_render_a_message_not_an_svg():
    chart = charts.score_bars([], title="T", description="D")
    assert chart.is_empty
    html = figure(chart)
    assert "<svg" not in html and "Nothing to chart yet" in html


def test_rendered_svg_has_title_description_and_role():
    chart = charts.score_bars([(5, 2)], title="Scores <b>", description="Bars")
    html = figure(chart)
    assert 'role="img"' in html and 'aria-labelledby="c-title c-desc"' in html
    assert '<title id="c-title">Scores &lt;b&gt;</title>' in html
    assert '<desc id="c-desc">Bars</desc>' in html
    assert "<title>Score 5: 2</title>" in html
    assert "<figcaption>Scores &lt;b&gt;. Bars" in html


def test_monthly_scores_draws_a_best_and_a_mean_line_with_a_point_per_month():
    months = [
        (datetime.date(2025, 11, 1), 12, 9.5),
        (datetime.date(2026, 1, 1), 20, 20.0),
        (datetime.date(2026, 3, 1), 8, 4.33),
    ]
    chart = charts.monthly_scores(months, title="T", description="D")
    best, mean = chart.series
    assert (best.name, mean.name) == ("Best score", "Mean score")
    assert [len(best.points), len(mean.points)] == [3, 3]
    assert best.points[0].x == chart.left and best.points[-1].x == chart.right
    assert best.points[1].y < mean.points[0].y  # 20 is drawn above 9.5
    assert best.points[1].y == mean.points[1].y  # one victory that month: best is the mean
    assert not chart.is_empty and best.polyline.count(",") == 3
    html = figure(chart)
    assert "<title>March 2026: mean 4.3</title>" in html
    assert ">November 2025</text>" in html and ">March 2026</text>" in html


def test_monthly_scores_renders_both_series_and_a_legend():
    chart = charts.monthly_scores(
        [(datetime.date(2026, 1, 1), 5, 3.0)], title="Scores", description="By month"
    )
    html = figure(chart)
    assert html.count('class="chart-line"') == 2
    assert "<title>January 2026: best 5</title>" in html
    assert '<li class="chart-legend-best">Best score</li>' in html


def test_monthly_scores_without_victories_is_empty():
    chart = charts.monthly_scores([], title="T", description="D")
    assert chart.is_empty and chart.series == []


def test_empty_chart_says_why_in_the_words_given():
    html = figure(charts.rating_line([], title="T", description="D"), "r", "Not rated <yet>")
    assert '<figure class="chart" id="r">' in html and "<svg" not in html
    assert '<p class="muted">Not rated &lt;yet&gt;</p>' in html


def test_rating_line_labels_each_point_with_its_game_and_date():
    day = datetime.date(2026, 2, 3)
    chart = charts.rating_line(
        [(1, day, 25.0, 25.0, 8.0), (2, day, 9.0, 27.0, 6.0)], title="T", description="D"
    )
    html = figure(chart, "r")
    assert html.count("<circle") == 4 and html.count('class="chart-line"') == 2
    assert "<title>Game 2, 3 February 2026: rating 9.0</title>" in html
    assert "<title>Game 1, 3 February 2026: μ 25.0</title>" in html
    assert ">game 1</text>" in html and ">game 2</text>" in html


def test_a_kept_figure_is_one_of_the_same_data_id_and_language():
    from django.utils import translation

    day = datetime.date(2026, 2, 3)
    chart = charts.score_line([(day, 10)], title="T", description="D")
    assert "<title>3 February 2026: 10</title>" in figure(chart)
    assert 'id="other"' in figure(chart, "other")
    changed = charts.score_line([(day, 12)], title="T", description="D")
    assert "<title>3 February 2026: 12</title>" in figure(changed)
    with translation.override("de"):
        assert "3. Februar 2026" in figure(chart)
