"""Heralds and boxes: the win rate and mean victory score of the games with each one in
play against the games without it, by season. Two pages, not one: a game has at most one
herald but several boxes, so "without" reads differently on each."""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from games.intervals import FEW_GAMES
from games.models import Box, Herald, HeraldStanding
from league.pages.choices import CachedChoicesForm, LeagueFilterSet
from league.pages.exports import StreamingExportMixin
from league.pages.filters import season_filter
from league.pages.tables import NUMERIC, LeagueTable, RoundedColumn, rate_cell, rate_column
from league.queries.in_play import LeagueTally, box_standings, herald_standings, league_tally


class InPlayFilter(LeagueFilterSet):
    """The season; the rows are every herald (or box) of the catalog."""

    season = season_filter(label=_("Season"))

    class Meta:
        form = CachedChoicesForm
        fields: list[str] = []

    def filter_queryset(self, queryset):
        season = self.form.cleaned_data.get("season")
        self.total = league_tally(self.league, season)
        return self.rows(self.league, season=season, total=self.total)


class HeraldFilter(InPlayFilter):
    rows = staticmethod(herald_standings)

    class Meta(InPlayFilter.Meta):
        model = Herald


class BoxFilter(InPlayFilter):
    rows = staticmethod(box_standings)

    class Meta(InPlayFilter.Meta):
        model = Box


class InPlayTable(LeagueTable):
    """With it and without it, side by side; the rates sort by their lower bounds."""

    row_template = "league/rows/in_play.html"
    boxes = False  # heralds: named with their box; boxes: with their kind
    sorted_nulls_last = {
        "win_pct": "win_low",
        "win_pct_without": "win_low_without",
        "avg_victory_score": "avg_victory_score",
        "avg_victory_score_without": "avg_victory_score_without",
    }

    games = tables.Column(verbose_name=_("Games with"), attrs=NUMERIC)
    victories = tables.Column(verbose_name=_("Victories with"), attrs=NUMERIC)
    win_pct = rate_column(_("Win % with (95% interval)"))
    win_low = RoundedColumn(verbose_name=_("Win % with low"), places=1, visible=False)
    win_high = RoundedColumn(verbose_name=_("Win % with high"), places=1, visible=False)
    avg_victory_score = RoundedColumn(verbose_name=_("Mean victory score with"), places=1)
    games_without = tables.Column(verbose_name=_("Games without"), attrs=NUMERIC)
    win_pct_without = rate_column(_("Win % without (95% interval)"), "win_pct_without")
    win_low_without = RoundedColumn(verbose_name=_("Win % without low"), places=1, visible=False)
    win_high_without = RoundedColumn(verbose_name=_("Win % without high"), places=1, visible=False)
    avg_victory_score_without = RoundedColumn(
        verbose_name=_("Mean victory score without"), places=1
    )

    class Meta(LeagueTable.Meta):
        order_by = ("-win_pct",)


class HeraldTable(InPlayTable):
    # xgettext:no-python-format (the caption's "win %" is no placeholder)
    caption = _("Heralds: approved games with and without each (win % sorts by its lower bound)")
    export_paths = {"box": "box_name"}

    name = tables.Column(verbose_name=_("Herald"), order_by=("name",))
    box = tables.Column(verbose_name=_("Box"), orderable=False)

    class Meta(InPlayTable.Meta):
        sequence = ("name", "box", "...")
        empty_text = _("The catalog has no herald.")


class BoxTable(InPlayTable):
    caption = _(
        # xgettext:no-python-format (the caption's "win %" is no placeholder)
        "Boxes: approved games with each in play and without (win % sorts by its lower bound)"
    )

    boxes = True
    name = tables.Column(verbose_name=_("Box"), order_by=("year", "name"))
    kind = tables.Column(verbose_name=_("Kind"), orderable=False)

    class Meta(InPlayTable.Meta):
        sequence = ("name", "kind", "...")
        empty_text = _("The catalog has no box.")


# The rows' shape (every annotation a sort names) without reading the league's totals: the
# filter reads them for the season asked; a refused filter shows no rows.
NO_TOTAL = LeagueTally(0, 0, 0)


class InPlayListView(StreamingExportMixin, SingleTableMixin, FilterView):
    table_pagination = False

    def get_filterset_kwargs(self, filterset_class):
        # Bound without a parameter too: its season is then all time.
        return {**super().get_filterset_kwargs(filterset_class), "data": self.request.GET}

    def get_queryset(self):
        return self.filterset_class.rows(self.request.league, total=NO_TOTAL)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs, few_games=FEW_GAMES)
        filterset = context["filter"]
        valid = filterset.is_valid()  # no games when the filter refused
        self.season = filterset.form.cleaned_data.get("season") if valid else None
        context["overall"] = filterset.total if valid else None  # the league's games
        return context


class HeraldListView(InPlayListView):
    """Every herald: games with it against games without it, by season."""

    template_name = "league/heralds.html"
    filterset_class = HeraldFilter
    table_class = HeraldTable
    export_name = "heralds"
    export_sheet = _("Heralds")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        if context["overall"] is not None:
            heralded = HeraldStanding.objects.in_scope(self.request.league, self.season).aggregate(
                **{name: Coalesce(Sum(name), 0) for name in ("games", "victories")}
            )
            games = context["overall"].games - heralded["games"]
            wins = context["overall"].victories - heralded["victories"]
            context["no_herald"] = {"games": games, "win_rate": rate_cell(wins, games)}
        return context


class BoxListView(InPlayListView):
    """Every box: games with it in play against games without it, by season."""

    template_name = "league/boxes.html"
    filterset_class = BoxFilter
    table_class = BoxTable
    export_name = "boxes"
    export_sheet = _("Boxes")
