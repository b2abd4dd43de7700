"""Moderators on the site (``games.permissions.can_moderate``: never ``is_staff`` alone):
the queue of the league's pending games, and decisions, each through
``games.recording.session_moderate`` on the version the moderator saw.
"""

from __future__ import annotations

import django_filters
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views import View
from django_filters.views import FilterView

from games.models import Seat, Session, Status
from games.names import search_words
from games.permissions import can_moderate
from games.recording import SessionChanged, session_moderate
from games.views.sessions import posted_version

QUEUE_PAGE_SIZE = 25
OLDEST, NEWEST = "oldest", "newest"


class QueueFilter(django_filters.FilterSet):
    """The queue narrowed to the games a player sat at (part of a name, any case or
    accent), the longest-waiting or the latest first."""

    player = django_filters.CharFilter(
        method="at_table",
        label=gettext_lazy("Player"),
        max_length=80,
        help_text=gettext_lazy("Part of a player's name."),
    )
    order = django_filters.ChoiceFilter(
        method="ordered",
        label=pgettext_lazy("sort order", "Order"),
        choices=[(OLDEST, gettext_lazy("Oldest first")), (NEWEST, gettext_lazy("Newest first"))],
        empty_label=None,
    )

    class Meta:
        model = Session
        fields: list[str] = []

    def at_table(self, queryset, name, value):
        words = " ".join(search_words(value))
        if not words:
            return queryset
        seats = Seat.objects.filter(player__search_key__contains=words)
        return queryset.filter(pk__in=seats.values("session_id"))

    def ordered(self, queryset, name, value):
        if value == NEWEST:
            return queryset.order_by("-created_at", "-pk")
        return queryset


class ModeratorMixin(LoginRequiredMixin, UserPassesTestMixin):
    """Anonymous users are sent to log in; those who may not moderate get 403."""

    def test_func(self) -> bool:
        return can_moderate(self.request.user, self.request.league)


def decide(request, game: Session, in_queue: bool = False) -> None:
    """Apply the moderator's posted decision on ``game``; a message says what happened
    (naming the game when it was decided in the queue, among others)."""
    status = request.POST.get("status")
    if status not in Status.values:
        messages.error(request, _("Unknown status."))
        return
    try:
        session_moderate(
            session_id=game.pk,
            status=status,
            seen_version=posted_version(request),
            moderator=request.user,
            reason=request.POST.get("rejection_reason", ""),
        )
    except SessionChanged as changed:
        # The game page shows the version as it now is, to decide on again.
        messages.error(
            request,
            _("%(problem)s Nothing was changed; check it and decide again.") % {"problem": changed},
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        values = {"status": Status(status).label.lower()}
        if in_queue:
            values["ancient_one"] = game.ancient_one
            values["date"] = date_format(game.played_on, "DATE_FORMAT")
            told = _("The %(ancient_one)s game of %(date)s marked %(status)s.")
        else:
            told = _("Game marked %(status)s.")
        messages.success(request, told % values)


class SessionModerateView(ModeratorMixin, View):
    """Moderators approve or reject a game from its page, on the version they saw."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        league_games = Session.objects.filter(league=request.league)
        game = get_object_or_404(league_games.select_related("ancient_one"), pk=kwargs["pk"])
        decide(request, game)
        return redirect(game)


class PendingQueueView(ModeratorMixin, FilterView):
    """The games waiting for a moderator, oldest (or newest) first, narrowed to a player's
    if asked, approved or rejected in place."""

    template_name = "games/session_pending.html"
    context_object_name = "games"
    paginate_by = QUEUE_PAGE_SIZE
    filterset_class = QueueFilter
    # A filter the form refuses (a name too long) shows the whole queue and says why.
    strict = False

    def get_queryset(self):
        return (
            Session.objects.filter(league=self.request.league)
            .pending()
            .select_related("ancient_one", "team", "scenario", "submitted_by__player")
            .prefetch_related("seats__player")
        )

    def paginate_queryset(self, queryset, page_size):
        """A page past the end (the last game on it was just decided) shows the last one."""
        paginator = self.get_paginator(queryset, page_size)
        page = paginator.get_page(self.request.GET.get("page"))
        if not self.filterset.is_bound or not self.filterset.form.cleaned_data.get("player"):
            # The nav's "Pending (N)" is this very count: not asked twice.
            self.request.pending_count = paginator.count
        return paginator, page, page.object_list, page.has_other_pages()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["statuses"] = Status
        return context

    def post(self, request, *args, **kwargs):
        """One decision on one game, then back to the same page of the queue."""
        pk = request.POST.get("game", "")
        game = (
            Session.objects.select_related("ancient_one")
            .filter(pk=pk, league=request.league)
            .first()
            if pk.isascii() and pk.isdigit()
            else None
        )
        if game is None:
            messages.error(request, _("That game is no longer here: it was withdrawn."))
        else:
            decide(request, game, in_queue=True)
        # Back to the same page of the queue, as it was filtered and ordered.
        query = QueryDict(mutable=True)
        for key in ("player", "order", "page"):
            value = request.POST.get(key, "")[:80]
            if value and not (key == "page" and value == "1"):
                query[key] = value
        url = reverse("games:pending", args=[request.league.slug])
        return HttpResponseRedirect(f"{url}?{query.urlencode()}" if query else url)
