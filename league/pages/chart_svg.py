"""A chart of ``league.pages.charts`` written as its ``<figure>``: an SVG with a title and
a description, a legend for several lines, or the text saying why there is nothing to draw.

Written in Python, not a template: a player's page draws two charts of up to a few
hundred points, each point a ``<circle>`` with its own ``<title>``, and a template loop
cost more than the rest of the page's tables together on a cache miss. Every text is
escaped; coordinates are numbers formatted here.
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString

from league.pages.charts import Chart, Point

NOTHING_YET = "Nothing to chart yet: no approved victories."


def _circles(points: list[Point]) -> str:
    return "".join(
        f'<circle cx="{p.x:.1f}" cy="{p.y:.1f}" r="3.5"><title>{escape(p.label)}</title></circle>'
        for p in points
    )


def _marks(chart: Chart) -> str:
    if chart.bars:
        bars = "".join(
            f'<rect x="{b.x:.1f}" y="{b.y:.1f}" width="{b.width:.1f}" height="{b.height:.1f}">'
            f"<title>{escape(b.label)}</title></rect>"
            for b in chart.bars
        )
        return f'<g class="chart-bars">{bars}</g>'
    if chart.series:
        return "".join(
            f'<g class="chart-series chart-series-{escape(line.key)}">'
            f'<polyline class="chart-line" points="{line.polyline}" fill="none"/>'
            f'<g class="chart-points">{_circles(line.points)}</g></g>'
            for line in chart.series
        )
    return (
        f'<polyline class="chart-line" points="{chart.polyline}" fill="none"/>'
        f'<g class="chart-points">{_circles(chart.points)}</g>'
    )


def _grid(chart: Chart) -> str:
    lines = [
        f'<line x1="{chart.left}" x2="{chart.right}" y1="{t.position:.1f}" y2="{t.position:.1f}"/>'
        f'<text x="{chart.left - 6}" y="{t.position:.1f}" text-anchor="end" '
        f'dominant-baseline="middle">{escape(t.label)}</text>'
        for t in chart.y_ticks
    ]
    lines += [
        f'<text x="{t.position:.1f}" y="{chart.bottom + 18}" text-anchor="middle">'
        f"{escape(t.label)}</text>"
        for t in chart.x_ticks
    ]
    return f'<g class="chart-grid" aria-hidden="true">{"".join(lines)}</g>'


def chart_figure(chart: Chart, chart_id: str, empty_text: str = "") -> SafeString:
    """The chart's ``<figure id="{chart_id}">``; ``empty_text`` says why an empty chart
    has nothing to draw (by default: no approved victories yet)."""
    figure_id = escape(chart_id)
    if chart.is_empty:
        text = escape(empty_text or NOTHING_YET)
        return SafeString(
            f'<figure class="chart" id="{figure_id}"><p class="muted">{text}</p></figure>'
        )
    title, description = escape(chart.title), escape(chart.description)
    legend = ""
    if chart.series:
        items = "".join(
            f'<li class="chart-legend-{escape(line.key)}">{escape(line.name)}</li>'
            for line in chart.series
        )
        legend = f'<ul class="chart-legend">{items}</ul>'
    return SafeString(
        f'<figure class="chart" id="{figure_id}">\n'
        f'<svg class="chart-svg" viewBox="0 0 {chart.width} {chart.height}" role="img" '
        f'aria-labelledby="{figure_id}-title {figure_id}-desc" '
        'preserveAspectRatio="xMidYMid meet">'
        f'<title id="{figure_id}-title">{title}</title>'
        f'<desc id="{figure_id}-desc">{description}</desc>'
        f"{_grid(chart)}{_marks(chart)}</svg>\n"
        f"<figcaption>{title}. {description}{legend}</figcaption>\n</figure>"
    )
