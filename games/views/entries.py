"""Marking a game as its team's entry for a scenario."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View

from games.models import Session
from games.recording import scenario_entry_choose


class EntryChooseView(LoginRequiredMixin, View):
    """POST: this game, not the best one, is the entry (until the scenario closes)."""

    http_method_names = ["post"]

    def post(self, request, pk, **kwargs):
        games = Session.objects.of_league(request.league).visible_to(request.user, request.league)
        queryset = games.select_related("scenario", "team")
        game = get_object_or_404(queryset, pk=pk)
        try:
            scenario_entry_choose(session=game, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request,
                _("This game is now the entry for %(scenario)s.") % {"scenario": game.scenario},
            )
        return redirect(game)
