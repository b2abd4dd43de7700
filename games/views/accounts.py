"""Signing up for the league: an account linked to its league player."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import redirect, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.generic import FormView

from games.forms.accounts import SignupForm


class SignupView(FormView):
    """Create an account, link (or create) its player, log in, go on to record a game."""

    template_name = "registration/signup.html"
    form_class = SignupForm

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect("games:new", request.league.slug)
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        user = form.save()
        if user is None:  # lost a race to another signup: the form says which field
            return self.form_invalid(form)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        if form.claim is None:
            told = _("Welcome to the league, %(name)s.")
        else:
            told = _(
                "Welcome to the league. Your claim to be %(name)s waits for a moderator; until "
                "then your account has no league name of its own (you can still record games)."
            )
        messages.success(self.request, told % {"name": form.cleaned_data["player_name"]})
        return redirect(self.get_success_url())

    def get_success_url(self) -> str:
        target = self.request.POST.get("next") or self.request.GET.get("next")
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return target
        return resolve_url("games:new", self.request.league.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["next"] = self.request.GET.get("next", "")
        return context
