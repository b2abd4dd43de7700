"""Reading and moderating recorded games: the game page, "My games", history, withdraw."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views import View
from django.views.generic import DetailView, ListView

from games.history import session_history
from games.models import Session, Status
from games.permissions import session_editable_by, session_withdrawable_by
from games.recording import session_moderate


class SessionDetailView(DetailView):
    """A finished game: outcome, score line by line, First Citizen, seats."""

    template_name = "games/session_detail.html"
    context_object_name = "game"

    def get_queryset(self):
        return (
            Session.objects.visible_to(self.request.user)
            .select_related("ancient_one", "herald", "guardian", "submitted_by")
            .prefetch_related("boxes", "seats__player", "seats__investigator")
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game, user = self.object, self.request.user
        context["can_edit"] = session_editable_by(game, user)
        context["can_withdraw"] = session_withdrawable_by(game, user)
        context["first_citizens"] = game.title_holders()
        context["statuses"] = Status
        return context


class MySessionsView(LoginRequiredMixin, ListView):
    """The games this account submitted, with their status."""

    template_name = "games/session_mine.html"
    context_object_name = "games"
    paginate_by = 25

    def get_queryset(self):
        return (
            Session.objects.submitted_by_user(self.request.user)
            .select_related("ancient_one")
            .prefetch_related("seats__player")
            .order_by("-played_on", "-pk")
        )


class OwnedSessionMixin(LoginRequiredMixin):
    """A game the user can see (404 otherwise), fetched once per request."""

    def get_game(self) -> Session:
        queryset = Session.objects.visible_to(self.request.user).select_related("ancient_one")
        return get_object_or_404(queryset, pk=self.kwargs["pk"])


class SessionWithdrawView(OwnedSessionMixin, View):
    """Withdraw (delete) a game: its submitter while pending, or staff. Asks first."""

    template_name = "games/session_confirm_withdraw.html"

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.game = self.get_game()
        if not session_withdrawable_by(self.game, request.user):
            raise PermissionDenied("Only its submitter (while pending) or staff withdraw a game.")
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        return render(request, self.template_name, {"game": self.game})

    def post(self, request, *args, **kwargs):
        with transaction.atomic():
            self.game.delete()
        messages.success(request, "The game was withdrawn.")
        return redirect("games:mine")


class StaffOnlyMixin(LoginRequiredMixin, UserPassesTestMixin):
    """Staff pages: anonymous users are sent to log in, others get 403."""

    def test_func(self) -> bool:
        return self.request.user.is_staff


class SessionHistoryView(StaffOnlyMixin, OwnedSessionMixin, DetailView):
    """Every saved version of a game and its seats, for the league staff."""

    template_name = "games/session_history.html"
    context_object_name = "game"

    def get_object(self, queryset=None):
        return self.get_game()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["entries"] = session_history(self.object)
        return context


class SessionModerateView(StaffOnlyMixin, OwnedSessionMixin, View):
    """Staff approve or reject a game from its page."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        game = self.get_game()
        status = request.POST.get("status")
        if status not in Status.values:
            messages.error(request, "Unknown status.")
        else:
            try:
                session_moderate(
                    session=game, status=status, reason=request.POST.get("rejection_reason", "")
                )
            except ValidationError as error:
                messages.error(request, " ".join(error.messages))
            else:
                messages.success(request, f"Game marked {Status(status).label.lower()}.")
        return redirect(reverse("games:detail", kwargs={"pk": game.pk}))
