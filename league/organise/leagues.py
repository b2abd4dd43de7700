"""Pages about leagues as such, outside any one league's address: creating a league
(any signed-in member, ``LEAGUES_PER_MEMBER`` at most) and one's membership of a league
(join a public one, ask to join an invitation-only one, leave)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import CreateView

from league.models import JoinRequest, League, role_in
from league.organise import roles
from league.organise.forms import LeagueForm
from league.organise.roles import RoleRefused


class LeagueCreateView(LoginRequiredMixin, CreateView):
    form_class = LeagueForm
    template_name = "league/organise/league_new.html"

    def form_valid(self, form):
        try:
            with transaction.atomic():
                self.object = roles.league_create(self.request.user, form.save(commit=False))
        except RoleRefused as refused:
            form.add_error(None, str(refused))
            return self.form_invalid(form)
        except IntegrityError:  # the same name or address, taken a moment ago
            form.add_error("slug", _("Another league took this name or address: pick another."))
            return self.form_invalid(form)
        messages.success(self.request, _("“%(league)s” is created.") % {"league": self.object})
        return redirect("league:home", self.object.slug)


class LeagueMembershipView(LoginRequiredMixin, View):
    """POST ``action=join`` joins (public) or asks to join (invitation-only), else leaves."""

    template_name = "league/organise/membership.html"

    def get(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        context = {
            "league": league,
            "role": role_in(request.user, league),
            "asked": JoinRequest.objects.filter(league=league, user=request.user).exists(),
        }
        return render(request, self.template_name, context)

    def post(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        try:
            if request.POST.get("action") == "leave":
                roles.league_leave(request.user, league)
                told = _("You have left %(league)s.")
            elif roles.league_join(request.user, league):
                told = _("Welcome to %(league)s: you are a member now.")
            else:
                told = _("You asked to join %(league)s: an organiser answers.")
        except RoleRefused as refused:
            messages.error(request, str(refused))
        else:
            messages.success(request, told % {"league": league})
        return redirect("leagues:membership", slug=league.slug)
