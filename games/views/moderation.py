"""Moderators on the site: the queue of pending games, decisions, the nav's count.

Whether someone moderates is ``games.permissions.can_moderate`` (a permission, never
``is_staff`` alone). Every decision goes through ``games.recording.session_moderate`` on
the version the moderator saw, one game per request, in one transaction.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.formats import date_format
from django.views import View
from django.views.generic import ListView

from games.models import Session, Status
from games.permissions import can_moderate
from games.recording import SessionChanged, session_moderate
from games.views.sessions import posted_version

QUEUE_PAGE_SIZE = 25


class ModeratorMixin(LoginRequiredMixin, UserPassesTestMixin):
    """Anonymous users are sent to log in; those who may not moderate get 403."""

    def test_func(self) -> bool:
        return can_moderate(self.request.user)


def decide(request, game: Session, subject: str = "Game") -> None:
    """Apply the moderator's posted decision on ``game``; a message says what happened."""
    status = request.POST.get("status")
    if status not in Status.values:
        messages.error(request, "Unknown status.")
        return
    try:
        with transaction.atomic():
            session_moderate(
                session_id=game.pk,
                status=status,
                seen_version=posted_version(request),
                moderator=request.user,
                reason=request.POST.get("rejection_reason", ""),
            )
    except SessionChanged as changed:
        # The game page shows the version as it now is, to decide on again.
        messages.error(request, f"{changed} Nothing was changed; check it and decide again.")
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"{subject} marked {Status(status).label.lower()}.")


class SessionModerateView(ModeratorMixin, View):
    """Moderators approve or reject a game from its page, on the version they saw."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        queryset = Session.objects.visible_to(request.user).select_related("ancient_one")
        game = get_object_or_404(queryset, pk=kwargs["pk"])
        decide(request, game)
        return redirect(game)


class PendingQueueView(ModeratorMixin, ListView):
    """The games waiting for a moderator, oldest first, approved or rejected in place."""

    template_name = "games/session_pending.html"
    context_object_name = "games"
    paginate_by = QUEUE_PAGE_SIZE

    def get_queryset(self):
        return (
            Session.objects.pending()
            .select_related("ancient_one", "team", "scenario", "submitted_by__player")
            .prefetch_related("seats__player")
        )

    def paginate_queryset(self, queryset, page_size):
        """A page past the end (the last game on it was just decided) shows the last one."""
        paginator = self.get_paginator(queryset, page_size)
        page = paginator.get_page(self.request.GET.get("page"))
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
            Session.objects.select_related("ancient_one").filter(pk=pk).first()
            if pk.isascii() and pk.isdigit()
            else None
        )
        if game is None:
            messages.error(request, "That game is no longer here: it was withdrawn.")
        else:
            played = date_format(game.played_on, "DATE_FORMAT")
            decide(request, game, subject=f"The {game.ancient_one} game of {played}")
        page = request.POST.get("page", "")
        url = reverse("games:pending")
        if page.isascii() and page.isdigit() and page != "1":
            url += f"?page={page}"
        return HttpResponseRedirect(url)
