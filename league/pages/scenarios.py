"""Scenario pages: the list, one scenario's board, a series' standings."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView
from django_tables2 import RequestConfig, SingleTableMixin

from games import scenario_rules
from games.models import Series
from league.pages.exports import FORMATS, StreamingExportMixin, export_response
from league.pages.team_tables import ScenarioBoardTable, SeriesPlayerTable, SeriesTeamTable
from league.queries import (
    scenario_board,
    scenario_detail,
    scenario_overview,
    series_player_standings,
    series_scenarios,
    series_team_standings,
)


class ScenarioListView(TemplateView):
    """``/scenarios/``: open ones with the time left, upcoming, closed."""

    template_name = "league/scenarios.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, overview=scenario_overview())


class ScenarioView(StreamingExportMixin, SingleTableMixin, TemplateView):
    """``/scenarios/<slug>/``: briefing, what is allowed, the board of entries (exportable)."""

    template_name = "league/scenario.html"
    table_class = ScenarioBoardTable
    table_pagination = {"per_page": 50}

    def get(self, request, *args, **kwargs):
        self.scenario = get_object_or_404(scenario_detail(kwargs["slug"]))
        return super().get(request, *args, **kwargs)

    def get_export_filename(self, export_format):
        return f"scenario-{self.scenario.slug}.{export_format}"

    def get_table_data(self):
        return scenario_board(self.scenario)

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **kwargs,
            scenario=self.scenario,
            task_points=scenario_rules.TASK_POINTS,
        )


class SeriesView(TemplateView):
    """``/series/<slug>/``: its scenarios and standings per team and per player."""

    template_name = "league/series.html"
    exports = {"teams": SeriesTeamTable, "players": SeriesPlayerTable}

    def get(self, request, *args, **kwargs):
        self.series = get_object_or_404(Series, slug=kwargs["slug"])
        export_format = request.GET.get("_export")
        if export_format:
            which = request.GET.get("table", "teams")
            if export_format not in FORMATS or which not in self.exports:
                raise Http404("No such export.")
            filename = f"series-{self.series.slug}-{which}.{export_format}"
            return export_response(self.table(which, paginate=False), export_format, filename)
        return super().get(request, *args, **kwargs)

    def table(self, which: str, paginate: bool = True):
        rows = (
            series_team_standings(self.series)
            if which == "teams"
            else series_player_standings(self.series)
        )
        table = self.exports[which](rows, prefix=f"{which}-")
        pages = {"per_page": 50} if paginate else False
        RequestConfig(self.request, paginate=pages).configure(table)
        return table

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **kwargs,
            series=self.series,
            scenarios=series_scenarios(self.series),
            team_table=self.table("teams"),
            player_table=self.table("players"),
        )
