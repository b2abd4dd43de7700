"""Ancient Ones: every one's record against the league, and one's page with its top games."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.generic import TemplateView

from games.intervals import FEW_GAMES
from games.models import AncientOne
from league.pages import charts
from league.pages.games import LeaderboardTable
from league.pages.investigators import ByTableSizeTable
from league.queries.in_play import ancient_one_by_table_size
from league.queries.ratings import ratings_as_of
from league.queries.stats import ancient_one_profile, ancient_one_summaries


class TopGamesTable(LeaderboardTable):
    """An Ancient One's best approved victories (a fixed top list: no sorting)."""

    caption = _("Top games")

    class Meta(LeaderboardTable.Meta):
        exclude = ("ancient_one",)
        orderable = False
        order_by = ()


class AncientOneListView(TemplateView):
    """Every Ancient One's record against the league."""

    template_name = "league/ancient_ones.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **kwargs,
            ancient_ones=ancient_one_summaries(self.request.league),
            ratings_as_of=ratings_as_of(),
        )


class AncientOneView(TemplateView):
    """One Ancient One: outcomes, win rate by table size, scores and their distribution,
    top games."""

    template_name = "league/ancient_one.html"

    def get_context_data(self, **kwargs):
        ancient_one = get_object_or_404(AncientOne, slug=kwargs["slug"])
        league = self.request.league
        profile = ancient_one_profile(ancient_one, league)
        chart = charts.score_bars(
            profile.distribution,
            title=gettext("Victory scores against %(ancient_one)s") % {"ancient_one": ancient_one},
            description=gettext(
                "Number of approved victories at each score, lowest score on the left."
            ),
        )
        return super().get_context_data(
            **kwargs,
            ancient_one=ancient_one,
            profile=profile,
            chart=chart,
            top_games=TopGamesTable(profile.top_games),
            by_table_size=ByTableSizeTable(ancient_one_by_table_size(ancient_one, league)),
            few_games=FEW_GAMES,
        )
