"""Scenarios and series: the list, one scenario's board, a series' standings -- tables
and views."""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from django.views.generic import ListView, TemplateView
from django_tables2 import RequestConfig, SingleTableMixin

from games import scenario_rules
from games.models import Series
from league.caching.versions import rules_versions
from league.pages.exports import FORMATS, StreamingExportMixin, export_response
from league.pages.filenames import export_filename
from league.pages.paginators import BoundedPaginator, known_count
from league.pages.tables import NUMERIC, GameRowsTable, LeagueTable, PlayersColumn, link_to
from league.queries.scenarios import (
    scenario_board,
    scenario_detail,
    scenario_overview,
    series_player_standings,
    series_scenarios,
    series_team_standings,
)

# How long a scenario's rules (what it allows, its tasks) are kept rendered: under versions
# that only a change to the league's own rows or the catalog replaces, never a game.
RULES_SECONDS = 3600


class ScenarioBoardTable(GameRowsTable):
    """A scenario's entries: scenario score first, ties to the earlier submission."""

    caption = _("Entries, best scenario score first")
    row_template = "league/rows/scenario_board.html"

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMERIC, orderable=False)
    scenario_score = tables.Column(
        verbose_name=_("Scenario score"), attrs=NUMERIC, default="—", orderable=False
    )
    score = tables.Column(
        verbose_name=_("Rulebook score"), attrs=NUMERIC, default="—", orderable=False
    )
    tasks_completed = tables.Column(verbose_name=_("Tasks"), attrs=NUMERIC, orderable=False)
    team = tables.Column(verbose_name=_("Team"), linkify=True, default="—", orderable=False)
    players = PlayersColumn()
    ancient_one = tables.Column(verbose_name=_("Ancient One"), orderable=False)
    outcome = tables.Column(verbose_name=_("Outcome"), orderable=False)
    created_at = tables.Column(verbose_name=_("Submitted"), linkify=link_to(), orderable=False)

    export_paths = {"ancient_one": "ancient_one__name", "team": "team__name"}

    class Meta(GameRowsTable.Meta):
        empty_text = _("No entries yet.")


class SeriesTeamTable(LeagueTable):
    """Teams by series points (the scenario scores of their entries)."""

    caption = _("Teams")
    row_template = "league/rows/series.html"
    players = False
    standings = staticmethod(series_team_standings)
    sheet = _("Series teams")

    # Rows are summary rows (``SeriesTeamStanding``) with their team loaded.
    name = tables.Column(
        verbose_name=_("Team"),
        accessor="team__name",
        linkify=link_to("team"),
        orderable=False,
    )
    entries = tables.Column(verbose_name=_("Entries"), attrs=NUMERIC, orderable=False)
    points = tables.Column(verbose_name=_("Series points"), attrs=NUMERIC, orderable=False)

    class Meta(LeagueTable.Meta):
        empty_text = _("No team has entered a scenario of this series yet.")


class SeriesPlayerTable(SeriesTeamTable):
    """Players by series points: every entry they sat at."""

    caption = _("Players")
    players = True
    standings = staticmethod(series_player_standings)
    sheet = _("Series players")

    name = tables.Column(
        verbose_name=_("Player"),
        accessor="player__name",
        linkify=link_to("player"),
        orderable=False,
    )

    class Meta(SeriesTeamTable.Meta):
        empty_text = _("No player has entered a scenario of this series yet.")


class ScenarioListView(TemplateView):
    """``/scenarios/``: open ones with the time left, upcoming, closed."""

    template_name = "league/scenarios.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, overview=scenario_overview(self.request.league))


class ScenarioView(StreamingExportMixin, SingleTableMixin, TemplateView):
    """``/scenarios/<slug>/``: briefing, what is allowed, the board of entries (exportable)."""

    template_name = "league/scenario.html"
    table_class = ScenarioBoardTable
    # 25 games a page, as every other table of games (the leaderboard, a player's games).
    table_pagination = {"per_page": 25, "paginator_class": BoundedPaginator}
    export_name = "scenario"
    export_sheet = _("Scenario")

    def get(self, request, *args, **kwargs):
        self.scenario = scenario_detail(kwargs["slug"], request.league, with_rules=False)
        if self.scenario is None:
            raise Http404("No scenario has this address.")
        return super().get(request, *args, **kwargs)

    def get_export_filename(self, export_format):
        return export_filename("scenario", [self.scenario.slug], export_format)

    def get_table_data(self):
        return scenario_board(self.scenario).for_table_pages()

    def get_table_pagination(self, table):
        # The scenario's summary row counts its entries: no COUNT(*) over the board.
        return known_count(super().get_table_pagination(table), self.scenario.entries)

    def get_context_data(self, **kwargs):
        versions = rules_versions(self.request.league.pk)
        return super().get_context_data(
            **kwargs,
            scenario=self.scenario,
            task_points=scenario_rules.TASK_POINTS,
            rules_key=versions or "",
            rules_seconds=RULES_SECONDS if versions else 0,
        )


class SeriesView(TemplateView):
    """``/series/<slug>/``: its scenarios and standings per team and per player."""

    template_name = "league/series.html"
    exports = {"teams": SeriesTeamTable, "players": SeriesPlayerTable}

    def get(self, request, *args, **kwargs):
        self.series = get_object_or_404(
            Series.objects.of_league(request.league), slug=kwargs["slug"]
        )
        export_format = request.GET.get("_export")
        if export_format:
            which = request.GET.get("table", "teams")
            if export_format not in FORMATS or which not in self.exports:
                raise Http404("No such export.")
            filename = export_filename("series", [self.series.slug, which], export_format)
            table = self.table(which, paginate=False)
            return export_response(table, export_format, filename, title=str(table.sheet))
        return super().get(request, *args, **kwargs)

    def table(self, which: str, paginate: bool = True):
        table_class = self.exports[which]
        table = table_class(table_class.standings(self.series), prefix=f"{which}-")
        pages = {"per_page": 50, "paginator_class": BoundedPaginator} if paginate else False
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


class SeriesListView(ListView):
    """``/series/``: every series, with how many scenarios it holds (the navigation's way in)."""

    template_name = "league/series_list.html"
    context_object_name = "series_list"
    paginate_by = 50
    paginator_class = BoundedPaginator

    def get_queryset(self):
        series = Series.objects.of_league(self.request.league)
        return series.annotate(scenario_count=Count("scenarios")).order_by("name", "pk")
