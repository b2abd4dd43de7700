"""Public league pages. Thin: fetch from ``league.queries``, build tables and charts, render."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.template.defaultfilters import pluralize
from django.utils.functional import cached_property
from django.views.generic import TemplateView
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from games import rules
from games.models import AncientOne, DefeatCause, Outcome, Player
from games.models.choices import OUTCOME_HELP
from league.pages import charts
from league.pages.exports import StreamingExportMixin
from league.pages.filters import LeaderboardFilter, SeasonForm, StandingsFilter
from league.pages.paginators import KnownCountPaginator
from league.pages.tables import LeaderboardTable, PlayerGamesTable, StandingsTable, TopGamesTable
from league.queries import (
    ancient_one_doom_tracks,
    ancient_one_profile,
    ancient_one_summaries,
    home_summary,
    league_games,
    player_profile,
    standings,
)


class HomeView(TemplateView):
    """The league at a glance, with links into every other page."""

    template_name = "league/home.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, **home_summary())


class LeaderboardView(StreamingExportMixin, SingleTableMixin, FilterView):
    """Approved victories ranked by score: filter, sort, page, export what is shown."""

    template_name = "league/leaderboard.html"
    filterset_class = LeaderboardFilter
    table_class = LeaderboardTable
    table_pagination = {"per_page": 25}
    export_name = "leaderboard"

    def get_queryset(self):
        return league_games().scored_victories()

    @cached_property
    def ladder(self):
        """The selection's score ladder: every rank on the page and the total come from it."""
        return self.filterset.score_ladder(self.object_list)

    def get_table_data(self):
        return self.object_list.for_tables().paged_by_keys()

    def export_size(self) -> int:
        return self.ladder.total

    def get_table_kwargs(self):
        return {"ladder": self.ladder}

    def get_table_pagination(self, table):
        pagination = super().get_table_pagination(table)
        if pagination is False:  # an export: every row, no pages
            return False
        # The total is the ladder's, so the paginator runs no COUNT(*) over the selection.
        return {
            **pagination,
            "paginator_class": KnownCountPaginator,
            "count": self.ladder.total,
        }


class StandingsView(StreamingExportMixin, SingleTableMixin, FilterView):
    """One row per player; by season and with a minimum number of games."""

    template_name = "league/standings.html"
    filterset_class = StandingsFilter
    table_class = StandingsTable
    table_pagination = {"per_page": 50}
    export_name = "standings"

    def get_queryset(self):
        return standings().filter(games__gte=1)


class PlayerView(SingleTableMixin, TemplateView):
    """A player's record: by Ancient One, scores by month, investigators, teammates, games."""

    template_name = "league/player.html"
    table_class = PlayerGamesTable
    table_pagination = {"per_page": 25}

    def get(self, request, *args, **kwargs):
        # Only players with an approved game are public; others are nobody's business.
        self.player = get_object_or_404(Player.objects.listed(), slug=kwargs["slug"])
        self.season_form = SeasonForm(request.GET or None)
        season = self.season_form.cleaned_data["season"] if self.season_form.is_valid() else None
        self.profile = player_profile(self.player, season=season)
        return super().get(request, *args, **kwargs)

    def get_table_data(self):
        return self.profile.games

    def get_table_kwargs(self):
        return {"player": self.player}

    def get_table_pagination(self, table):
        # The standings row counts the player's games in this scope: no COUNT(*) over games.
        return {
            **super().get_table_pagination(table),
            "paginator_class": KnownCountPaginator,
            "count": self.profile.summary["games"],
        }

    def get_context_data(self, **kwargs):
        months = self.profile.months
        chart = charts.monthly_scores(
            months,
            title=f"{self.player}: victory scores by month",
            description=f"Best and mean score of the approved victories in each month "
            f"{self.player} won a game, {len(months)} month{pluralize(len(months))} in all, "
            "oldest first; higher is better.",
        )
        return super().get_context_data(
            **kwargs,
            player=self.player,
            profile=self.profile,
            season_form=self.season_form,
            chart=chart,
        )


class AncientOneListView(TemplateView):
    """Every Ancient One's record against the league."""

    template_name = "league/ancient_ones.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, ancient_ones=ancient_one_summaries())


class AncientOneView(TemplateView):
    """One Ancient One: outcomes, score statistics and distribution, top games."""

    template_name = "league/ancient_one.html"

    def get_context_data(self, **kwargs):
        ancient_one = get_object_or_404(AncientOne, slug=kwargs["slug"])
        profile = ancient_one_profile(ancient_one)
        chart = charts.score_bars(
            profile.distribution,
            title=f"Victory scores against {ancient_one}",
            description="Number of approved victories at each score, lowest score on the left.",
        )
        return super().get_context_data(
            **kwargs,
            ancient_one=ancient_one,
            profile=profile,
            chart=chart,
            top_games=TopGamesTable(profile.top_games),
        )


class RulesView(TemplateView):
    """How the league scores a game: outcomes, the formula, First Citizen, rulings, doom tracks."""

    template_name = "league/rules.html"

    def get_context_data(self, **kwargs):
        outcomes = [(label, OUTCOME_HELP[value]) for value, label in Outcome.choices]
        return super().get_context_data(
            **kwargs,
            outcomes=outcomes,
            defeat_causes=DefeatCause.choices,
            ancient_ones=ancient_one_doom_tracks(),
            limits={
                "max_terror": rules.MAX_TERROR,
                "min_investigators": rules.MIN_INVESTIGATORS,
                "max_investigators": rules.MAX_INVESTIGATORS,
                "sealed_tokens": rules.SEALED_MIN_TOKENS,
                "monsters_per_point": rules.MONSTER_TROPHIES_PER_POINT,
            },
        )
