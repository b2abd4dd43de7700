"""Recorded games: the game page, "My games", history, withdraw, choosing the entry
(moderation: ``games.views.moderation``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import DetailView
from django_filters.views import FilterView

from games.history import session_history
from games.models import Player, PlayerClaim, Session, Status, TeamInvitation
from games.permissions import (
    can_moderate,
    can_read_history,
    entry_choosable_by,
    session_editable_by,
    session_withdrawable_by,
)
from games.recording import SessionChanged, scenario_entry_choose, session_withdraw
from league.pages.history import CappedCountPaginator, GameHistoryFilter
from league.pages.paginators import BoundedPaginator


def posted_version(request) -> int | None:
    """The game version a page was built from (its hidden ``version`` field)."""
    value = request.POST.get("version", "")
    return int(value) if value.isascii() and value.isdigit() else None


def visible_games(request):
    """The games of the request's league that its user may see."""
    return Session.objects.of_league(request.league).visible_to(request.user, request.league)


def visible_game(request, pk) -> Session:
    return get_object_or_404(visible_games(request).select_related("ancient_one"), pk=pk)


class SessionDetailView(DetailView):
    """A finished game: outcome, score line by line, First Citizen, seats."""

    template_name = "games/session_detail.html"
    context_object_name = "game"

    def get_queryset(self):
        return (
            visible_games(self.request)
            .select_related("ancient_one", "herald", "guardian", "submitted_by", "team", "scenario")
            .prefetch_related("boxes", "seats__player", "seats__investigator", "tasks_done")
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        game, user = self.object, self.request.user
        context["can_edit"] = session_editable_by(game, user)
        context["can_withdraw"] = session_withdrawable_by(game, user)
        context["can_moderate"] = can_moderate(user, game.league_id)
        context["can_read_history"] = can_read_history(user, game.league_id)
        context["first_citizens"] = game.title_holders()
        context["statuses"] = Status
        context["can_choose_entry"] = (
            game.scenario_id is not None
            and not game.is_entry
            and game.status == Status.APPROVED
            and not game.scenario.is_closed()
            and entry_choosable_by(game, user)
        )
        return context


class MySessionsView(LoginRequiredMixin, FilterView):
    """The games this account submitted, with their status, narrowed by
    ``GameHistoryFilter`` (a filtered list counts a bounded slice)."""

    template_name = "games/session_mine.html"
    context_object_name = "games"
    filterset_class = GameHistoryFilter
    paginate_by = 25

    def get_queryset(self):
        return (
            Session.objects.of_league(self.request.league)
            .submitted_by_user(self.request.user)
            .select_related("ancient_one")
            .prefetch_related("seats__player")
            .order_by("-played_on", "-pk")
        )

    def get_paginator(self, queryset, per_page, orphans=0, allow_empty_first_page=True, **kwargs):
        narrowed = self.filterset.narrowed
        paginator_class = CappedCountPaginator if narrowed else BoundedPaginator
        return paginator_class(queryset, per_page, orphans, allow_empty_first_page)

    def get_context_data(self, **kwargs):
        user = self.request.user
        invitations = TeamInvitation.objects.for_user(user).select_related("team", "player")
        return super().get_context_data(
            **kwargs,
            history=self.filterset,
            invitations=invitations,
            claims=PlayerClaim.objects.about(user).select_related("player"),
            own_player=Player.objects.filter(user=user).first(),
        )


class SessionWithdrawView(LoginRequiredMixin, DetailView):
    """Withdraw (delete) a game: its submitter while pending, or a moderator. Asks first."""

    template_name = "games/session_confirm_withdraw.html"
    context_object_name = "game"

    def get_object(self, queryset=None):
        game = visible_game(self.request, self.kwargs["pk"])
        if not session_withdrawable_by(game, self.request.user):
            raise PermissionDenied(
                _("Only its submitter (while pending) or a moderator withdraws it.")
            )
        return game

    def post(self, request, *args, **kwargs):
        game = self.get_object()
        try:
            session_withdraw(
                session_id=game.pk, user=request.user, seen_version=posted_version(request)
            )
        except SessionChanged as changed:
            messages.error(request, str(changed))
            return redirect(game)
        messages.success(request, _("The game was withdrawn."))
        return redirect("games:mine", request.league.slug)


class SessionHistoryView(LoginRequiredMixin, UserPassesTestMixin, DetailView):
    """Every saved version of a game and its seats, for moderators (403 for others)."""

    template_name = "games/session_history.html"
    context_object_name = "game"

    def test_func(self) -> bool:
        return can_read_history(self.request.user, self.request.league)

    def get_object(self, queryset=None):
        return visible_game(self.request, self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["entries"] = session_history(self.object)
        return context


class EntryChooseView(LoginRequiredMixin, View):
    """POST: this game, not the best one, is its team's entry (until the scenario closes)."""

    http_method_names = ["post"]

    def post(self, request, pk, **kwargs):
        game = get_object_or_404(visible_games(request).select_related("scenario", "team"), pk=pk)
        try:
            scenario_entry_choose(session=game, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            told = _("This game is now the entry for %(scenario)s.")
            messages.success(request, told % {"scenario": game.scenario})
        return redirect(game)
