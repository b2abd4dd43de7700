"""Name suggestions for the result form's player fields, a few at a time."""

from __future__ import annotations

from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import JsonResponse
from django.views import View

from games.models import Player
from games.names import MAX_NAME_LENGTH, normalise_name

# Enough to pick from while typing; the form never carries the whole league.
SUGGESTIONS_SHOWN = 20


class PlayerSearchView(LoginRequiredMixin, View):
    """``?q=<typed start of a name>``: up to 20 matching names, as JSON.

    Only players with an approved game, plus the user's own player: names seen only in
    pending or rejected games stay private.
    """

    http_method_names = ["get"]

    def get(self, request, *args, **kwargs):
        prefix = normalise_name(request.GET.get("q", ""))[:MAX_NAME_LENGTH]
        names: list[str] = []
        if prefix:
            names = list(
                Player.objects.suggested_to(request.user, prefix, request.league)
                .order_by("name")
                .values_list("name", flat=True)[:SUGGESTIONS_SHOWN]
            )
        return JsonResponse({"names": names})
