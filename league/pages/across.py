"""The public leagues side by side (``league.queries.across``), namespace ``across``:
/<language>/across/... Not cached as pages: each reads a bounded slice of summary rows of
many leagues, whose writes retire their own."""

from __future__ import annotations

import django_tables2 as tables
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from django.views.generic import TemplateView
from django_tables2.views import SingleTableMixin

from games.models import AncientOne, Player
from league.pages.paginators import BoundedPaginator
from league.pages.players import StandingsTable
from league.queries.across import ancient_one_across, board, player_across, team_board


class AcrossStandingsTable(StandingsTable):
    """The standings of every public league together; a player links to their record in
    each league."""

    caption = _("Players of every public league")
    row_template = None  # the standings' rows link a league's player page: cells from columns
    name = tables.Column(
        verbose_name=_("Player"),
        linkify=lambda record: reverse("across:player", args=[record.slug]),
        order_by=("name",),
    )

    class Meta(StandingsTable.Meta):  # a table's Meta is not inherited by default
        pass


class BoardView(SingleTableMixin, TemplateView):
    template_name = "league/across/board.html"
    table_class = AcrossStandingsTable
    table_pagination = {"per_page": 50, "paginator_class": BoundedPaginator}

    def get_table_data(self):
        return board()

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, teams=list(team_board()))


class PlayerAcrossView(TemplateView):
    """A player's record in each public league they play in, and in all of them."""

    template_name = "league/across/player.html"

    def get_context_data(self, **kwargs):
        player = get_object_or_404(Player, slug=kwargs["slug"])
        records = player_across(player)
        if not records:  # no approved game in a public league: not public here
            raise Http404(_("No player plays in a public league under this name."))
        return super().get_context_data(**kwargs, player=player, records=records)


class AncientOneAcrossView(TemplateView):
    """An Ancient One's games and victories in each public league."""

    template_name = "league/across/ancient_one.html"

    def get_context_data(self, **kwargs):
        ancient_one = get_object_or_404(AncientOne, slug=kwargs["slug"])
        records = ancient_one_across(ancient_one)
        return super().get_context_data(**kwargs, ancient_one=ancient_one, records=records)


app_name = "across"
urlpatterns = [
    path("", BoardView.as_view(), name="board"),
    # <str:…>: player slugs keep letters of every script, as in a league.
    path("players/<str:slug>/", PlayerAcrossView.as_view(), name="player"),
    path("ancient-ones/<slug:slug>/", AncientOneAcrossView.as_view(), name="ancient_one"),
]
