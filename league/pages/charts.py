"""Server-side SVG charts, no JavaScript: each builder turns a short series into
coordinates, ticks and each point's date and value, which ``league/includes/chart.html``
draws with a title, a description and the numbers as a table."""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.numbers import rounded

Y_TICKS = 5  # about this many horizontal grid lines


# Named tuples, not frozen dataclasses: a chart makes a few hundred points per render, and
# a frozen dataclass sets each field through ``object.__setattr__``.
class Tick(NamedTuple):
    position: float
    label: str = ""
    month: datetime.date | None = None  # written as the month's YEAR_MONTH_FORMAT instead


class Point(NamedTuple):
    """A point titled "[Game {game}, ][{day}: ]{text}", the day in the chart's date format."""

    x: float
    y: float
    text: str
    day: datetime.date | None = None
    game: int | None = None


class Bar(NamedTuple):
    x: float
    y: float
    width: float
    height: float
    score: int
    value: int  # how many victories scored ``score``


def localized(value: float, places: int = 0) -> str:
    """``value`` rounded as every page rounds it (``games.numbers``), written in the
    reader's format ("4.3", "4,3"): for what a person reads, never for coordinates."""
    return number_format(rounded(value, places), places)


def polyline(points: list[Point]) -> str:
    """An SVG ``points`` attribute: "x,y x,y ..." to a tenth of a unit."""
    return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)


@dataclass
class Series:
    """One line of a chart with several: its name (the legend), a CSS key, its points."""

    name: str
    key: str
    points: list[Point] = field(default_factory=list)

    @property
    def polyline(self) -> str:
        return polyline(self.points)


@dataclass
class Chart:
    """What a chart template needs: size, plot box, ticks and marks."""

    title: str
    description: str
    date_format: str = ""  # the points' days: "" is DATE_FORMAT, as the ``date`` filter has it
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    points: list[Point] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)
    # The viewBox (the SVG scales to the screen, so only a ratio) and the plot inside it,
    # with room for the axes' labels on the left and at the bottom.
    width, height = 640, 240
    left, right, top, bottom = 40, 628, 12, 208

    @property
    def polyline(self) -> str:
        return polyline(self.points)

    @property
    def is_empty(self) -> bool:
        return not self.points and not self.bars and not any(s.points for s in self.series)


def nice_step(span: float) -> int:
    """A whole step (1, 2, 5, 10, 20, ...) giving about ``Y_TICKS`` grid lines over ``span``."""
    raw = max(span / Y_TICKS, 1)
    magnitude = 10 ** int(math.log10(raw))
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


def _y_axis(chart: Chart, low: int, high: int) -> tuple[int, int]:
    """Set the y ticks for values from ``low`` to ``high``; return the axis bounds."""
    step = nice_step(high - low)
    axis_low = (low // step) * step
    axis_high = max(-(-high // step) * step, axis_low + step)
    chart.y_ticks = [
        Tick(_scale(value, axis_low, axis_high, chart.bottom, chart.top), localized(value))
        for value in range(axis_low, axis_high + 1, step)
    ]
    return axis_low, axis_high


def _axes(chart: Chart, first: float, last: float, low: int, high: int):
    """The chart's x from ``first`` to ``last`` and its y axis from ``low`` to ``high``:
    where a point goes on each."""
    low, high = _y_axis(chart, low, high)

    def x(value: float) -> float:
        return _scale(value, first, last, chart.left, chart.right)

    def y(value: float) -> float:
        return _scale(value, low, high, chart.bottom, chart.top)

    return x, y


def _dated_axes(chart: Chart, days: list[datetime.date], low: int, high: int):
    """``_axes`` for points by day (``x`` takes a date), the first and last month named."""
    x, y = _axes(chart, days[0].toordinal(), days[-1].toordinal(), low, high)
    chart.x_ticks = [Tick(x(day.toordinal()), month=day) for day in sorted({days[0], days[-1]})]
    return (lambda day: x(day.toordinal())), y


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def score_line(
    points: Sequence[tuple[datetime.date, int]], *, title: str, description: str
) -> Chart:
    """Victory scores over time: one point per game, x by date, y by score."""
    chart = Chart(title=title, description=description)
    if not points:
        return chart
    days, scores = [day for day, _score in points], [score for _day, score in points]
    x, y = _dated_axes(chart, days, min(min(scores), 0), max(scores))
    chart.points = [Point(x(day), y(score), localized(score), day) for day, score in points]
    return chart


def monthly_scores(
    months: Sequence[tuple[datetime.date, int, float]], *, title: str, description: str
) -> Chart:
    """Best and mean victory score per month: two lines over ``months``, (first day of the
    month, best score, mean score) oldest first, a point each per month."""
    chart = Chart(title=title, description=description, date_format="YEAR_MONTH_FORMAT")
    if not months:
        return chart
    days = [day for day, _best, _mean in months]
    values = [value for _day, best, mean in months for value in (best, mean)]
    x, y = _dated_axes(chart, days, min(min(values), 0), max(values))
    best_text, mean_text = _("best %(score)s"), _("mean %(score)s")
    best = [
        Point(x(day), y(best), best_text % {"score": localized(best)}, day)
        for day, best, _mean in months
    ]
    mean = [
        Point(x(day), y(mean), mean_text % {"score": localized(mean, 1)}, day)
        for day, _best, mean in months
    ]
    chart.series = [Series(_("Best score"), "best", best), Series(_("Mean score"), "mean", mean)]
    return chart


def score_bars(counts: Sequence[tuple[int, int]], *, title: str, description: str) -> Chart:
    """How many victories scored each score: one bar per score from lowest to highest."""
    chart = Chart(title=title, description=description)
    if not counts:
        return chart
    by_score = dict(counts)
    lowest, highest = min(by_score), max(by_score)
    scores = range(lowest, highest + 1)
    _, top = _y_axis(chart, 0, max(by_score.values()))
    slot = (chart.right - chart.left) / len(scores)
    gap = min(2.0, slot / 4)
    every = max(1, len(scores) // 12)  # label at most a dozen scores
    for index, score in enumerate(scores):
        value = by_score.get(score, 0)
        y = _scale(value, 0, top, chart.bottom, chart.top)
        x = chart.left + index * slot
        chart.bars.append(Bar(x + gap / 2, y, slot - gap, chart.bottom - y, score, value))
        if index % every == 0:
            chart.x_ticks.append(Tick(x + slot / 2, localized(score)))
    return chart


def rating_line(
    points: Sequence[tuple[int, datetime.date, float, float, float]],
    *,
    title: str,
    description: str,
) -> Chart:
    """A rating after each game: two lines, the rating shown and the estimate μ, x by the
    subject's game number. ``points`` is (game number, date played, rating, μ, σ), oldest
    first, already a bounded sample (``league.queries.ratings``)."""
    chart = Chart(title=title, description=description)
    if not points:
        return chart
    values = [v for _n, _day, value, mu, _sigma in points for v in (value, mu)]
    first, last = points[0][0], points[-1][0]
    x, y = _axes(chart, first, last, math.floor(min(values)), math.ceil(max(values)))
    rating_text, game_text = _("rating %(rating)s"), _("game %(number)s")
    rating = [
        Point(x(n), y(value), rating_text % {"rating": localized(value, 1)}, day, n)
        for n, day, value, _mu, _sigma in points
    ]
    estimate = [
        Point(x(n), y(mu), f"μ {localized(mu, 1)}", day, n) for n, day, _value, mu, _sigma in points
    ]
    chart.series = [
        Series(_("Rating"), "best", rating),
        Series(_("Latest estimate μ"), "mean", estimate),
    ]
    chart.x_ticks = [
        Tick(x(n), game_text % {"number": localized(n)}) for n in sorted({first, last})
    ]
    return chart
