"""Claims on the site: an account names the player it is; moderators decide; the
claimed player's own account may refuse (``games.claims``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, ListView

from games.claims import ClaimGone, claim_decide
from games.forms.accounts import ClaimForm
from games.models import Player, PlayerClaim, Status
from games.permissions import moderates_everywhere
from games.views.moderation import QUEUE_PAGE_SIZE, ModeratorMixin


class ClaimQueueView(ModeratorMixin, ListView):
    """``/games/claims/``: claims waiting for a moderator, oldest first."""

    template_name = "games/claim_queue.html"
    context_object_name = "claims"
    paginate_by = QUEUE_PAGE_SIZE

    def test_func(self) -> bool:
        # A claim is on a person, across every league: site moderators decide it.
        return moderates_everywhere(self.request.user)

    def get_queryset(self):
        approved = Count(
            "player__seats__session",
            filter=Q(player__seats__session__status=Status.APPROVED),
            distinct=True,
        )
        return (
            PlayerClaim.objects.select_related("player__user", "user")
            .annotate(approved_games=approved)
            .order_by("created_at", "pk")
        )


class ClaimAnswerView(LoginRequiredMixin, View):
    """``/games/claims/<id>/`` (POST ``answer``): a moderator approves or refuses; the
    player's account refuses; the claimant withdraws."""

    http_method_names = ["post"]

    def post(self, request, pk, **kwargs):
        approve = request.POST.get("answer") == "approve"
        try:
            claim = claim_decide(claim_id=pk, approve=approve, by=request.user)
        except ClaimGone as error:
            raise Http404(_("No such claim waits for your answer.")) from error
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            if claim.user_id == request.user.pk:
                told = _("The claim of %(user)s on %(player)s is withdrawn.")
            elif approve:
                told = _("The claim of %(user)s on %(player)s is approved.")
            else:
                told = _("The claim of %(user)s on %(player)s is refused.")
            messages.success(request, told % {"user": claim.user, "player": claim.player})
        target = request.POST.get("back")
        return redirect("games:claims" if target == "queue" else "games:mine", request.league.slug)


class ClaimCreateView(LoginRequiredMixin, FormView):
    """``/games/claim/``: an account with no league player (and no claim waiting) names
    the one it is, as at signup."""

    template_name = "games/claim_form.html"
    form_class = ClaimForm

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        has_player = Player.objects.filter(user=request.user).exists()
        if has_player or PlayerClaim.objects.filter(user=request.user).exists():
            messages.info(request, _("Your account already has a league name or a claim waiting."))
            return redirect("games:mine", request.league.slug)
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        if not form.save(self.request.user):  # someone took the player: said at its field
            return self.form_invalid(form)
        if form.claim is None:
            told = _("Your account now plays as %(name)s.")
        else:
            told = _("Your claim to be %(name)s waits for a moderator.")
        messages.success(self.request, told % {"name": form.cleaned_data["player_name"]})
        return redirect("games:mine", self.request.league.slug)
