"""Investigators: every one's record (sortable, exportable) and one's page. A rate shows
its 95 % Wilson interval, marked under ``FEW_GAMES`` games; sorting by win rate sorts by
the interval's lower bound, so two lucky games do not top the list."""

from __future__ import annotations

import django_tables2 as tables
from django.shortcuts import get_object_or_404
from django.utils.functional import SimpleLazyObject, lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from games.intervals import FEW_GAMES
from games.models import Investigator
from league.pages.choices import CachedChoicesForm, LeagueFilterSet
from league.pages.exports import StreamingExportMixin
from league.pages.filters import SeasonForm, min_games_filter, season_filter
from league.pages.games import LeaderboardTable
from league.pages.tables import NUMERIC, LeagueTable, RoundedColumn, rate_cell, rate_column
from league.queries.investigators import investigator_profile, investigator_standings


class InvestigatorFilter(LeagueFilterSet):
    season = season_filter(label=_("Season"))
    min_games = min_games_filter(
        lazy(
            lambda: (
                ngettext(
                    "Rates over fewer than %(games)d game are marked: their interval is wide.",
                    "Rates over fewer than %(games)d games are marked: their interval is wide.",
                    FEW_GAMES,
                )
                % {"games": FEW_GAMES}
            ),
            str,
        )()
    )

    class Meta:
        model = Investigator
        fields: list[str] = []
        form = CachedChoicesForm

    def filter_queryset(self, queryset):
        season = self.form.cleaned_data.get("season")
        minimum = self.form.cleaned_data.get("min_games") or 0
        return investigator_standings(self.league, season=season, min_games=minimum)


class InvestigatorTable(LeagueTable):
    """One row per investigator of the catalog over approved games."""

    # xgettext:no-python-format (the caption's "win %" is no placeholder)
    caption = _("Investigators: approved games (win % sorts by its interval's lower bound)")
    row_template = "league/rows/investigators.html"
    export_paths = {"box": "box_name"}
    sorted_nulls_last = {
        "win_pct": "win_low",
        "avg_victory_score": "avg_victory_score",
        "best_score": "best_score",
        "devoured_pct": "devoured",
        "lost_pct": "lost",
        "retired_pct": "retired",
    }

    name = tables.Column(verbose_name=_("Investigator"), linkify=True, order_by=("name",))
    box = tables.Column(verbose_name=_("Box"), orderable=False)
    games = tables.Column(verbose_name=_("Games"), attrs=NUMERIC)
    victories = tables.Column(verbose_name=_("Victories"), attrs=NUMERIC)
    win_pct = rate_column(_("Win % (95% interval)"))
    # "% lo", "% hi" read as Python formats to xgettext: these headers are plain text.
    # xgettext:no-python-format
    win_low = RoundedColumn(verbose_name=_("Win % low"), places=1, visible=False)
    # xgettext:no-python-format
    win_high = RoundedColumn(verbose_name=_("Win % high"), places=1, visible=False)
    avg_victory_score = RoundedColumn(verbose_name=_("Mean victory score"), places=1)
    best_score = tables.Column(verbose_name=_("Best score"), attrs=NUMERIC)
    devoured = tables.Column(verbose_name=_("Devoured"), attrs=NUMERIC)
    devoured_pct = rate_column(_("Devoured %"), "devoured_pct_value")
    lost = tables.Column(verbose_name=_("Lost in time and space"), attrs=NUMERIC)
    lost_pct = rate_column(_("Lost %"), "lost_pct_value")
    retired = tables.Column(verbose_name=_("Retired"), attrs=NUMERIC)
    retired_pct = rate_column(_("Retired %"), "retired_pct_value")

    class Meta(LeagueTable.Meta):
        order_by = ("-win_pct",)
        empty_text = _("No investigator has enough approved games for these filters.")


class InvestigatorListView(StreamingExportMixin, SingleTableMixin, FilterView):
    """Every investigator of the catalog; by season and with a minimum number of games."""

    template_name = "league/investigators.html"
    filterset_class = InvestigatorFilter
    table_class = InvestigatorTable
    table_pagination = False
    export_name = "investigators"
    export_sheet = _("Investigators")

    def get_queryset(self):
        return investigator_standings(self.request.league)

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, few_games=FEW_GAMES)


class RecordTable(LeagueTable):
    """An investigator's record split one way (by Ancient One, by table size)."""

    row_template = "league/rows/records.html"
    by_ancient_one = False

    games = tables.Column(verbose_name=_("Games"), attrs=NUMERIC)
    victories = tables.Column(verbose_name=_("Victories"), attrs=NUMERIC)
    win_pct = rate_column(_("Win % (95% interval)"))
    avg_victory_score = RoundedColumn(verbose_name=_("Mean victory score"), places=1)
    best_score = tables.Column(verbose_name=_("Best score"), attrs=NUMERIC, default="—")

    class Meta(LeagueTable.Meta):
        orderable = False
        order_by = ()


class ByAncientOneTable(RecordTable):
    caption = _("By Ancient One")
    by_ancient_one = True
    ancient_one = tables.Column(verbose_name=_("Ancient One"), linkify=True)

    class Meta(RecordTable.Meta):
        sequence = ("ancient_one", "...")
        empty_text = _("No approved games.")


class ByTableSizeTable(RecordTable):
    caption = _("By number of investigators")
    investigator_count = tables.Column(verbose_name=_("Investigators"), attrs=NUMERIC)

    class Meta(RecordTable.Meta):
        sequence = ("investigator_count", "...")
        empty_text = _("No approved games.")


class PlayersTable(LeagueTable):
    caption = _("Who plays them most")
    row_template = "league/rows/investigator_players.html"
    player = tables.Column(verbose_name=_("Player"), linkify=True)
    seats = tables.Column(verbose_name=_("Games"), attrs=NUMERIC)
    victories = tables.Column(verbose_name=_("Victories"), attrs=NUMERIC)

    class Meta(LeagueTable.Meta):
        orderable = False
        order_by = ()
        empty_text = _("No public player has played them yet.")


class BestGamesTable(LeaderboardTable):
    caption = _("Best games")

    class Meta(LeaderboardTable.Meta):
        orderable = False
        order_by = ()


class InvestigatorView(TemplateView):
    """One investigator: record, by Ancient One and table size, players, best games."""

    template_name = "league/investigator.html"

    def get_context_data(self, **kwargs):
        investigator = get_object_or_404(
            Investigator.objects.select_related("box"), slug=kwargs["slug"]
        )
        league = self.request.league
        season_form = SeasonForm(self.request.GET or None, league=league)
        profile = investigator_profile(investigator, league, season=season_form.chosen())
        summary = profile.summary
        # The tables are read where the page's record renders: not at all when it comes
        # from the fragment cache.
        return super().get_context_data(
            **kwargs,
            investigator=investigator,
            season_form=season_form,
            summary=summary,
            win_rate=rate_cell(summary.victories, summary.games),
            few_games=FEW_GAMES,
            by_ancient_one=SimpleLazyObject(lambda: ByAncientOneTable(profile.by_ancient_one)),
            by_table_size=SimpleLazyObject(lambda: ByTableSizeTable(profile.by_table_size)),
            players=SimpleLazyObject(lambda: PlayersTable(profile.players)),
            best_games=SimpleLazyObject(lambda: BestGamesTable(profile.best_games)),
        )
