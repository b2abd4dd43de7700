"""The Organise area's pages: a visitor is sent to sign in, anyone else who may not organise
gets 403; every write runs in one transaction."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.forms.formsets import all_valid
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import DeleteView, FormView, ListView, TemplateView, UpdateView

from games.jobs.files import export_path
from games.jobs.models import JobStatus
from games.jobs.stale import jobs_sweep
from games.models import Scenario, Series
from league.models import Announcement, League, Season, Visibility
from league.organise import history, roles
from league.organise.forms import (
    AnnouncementForm,
    InviteForm,
    LeagueSettingsForm,
    RoleGrantForm,
    ScenarioForm,
    ScenarioTaskFormSet,
    SeasonForm,
    SeriesForm,
)
from league.organise.roles import (
    ORGANISERS,
    ROLES,
    RoleRefused,
    can_organise,
    role_grant,
    role_revoke,
)
from league.pages.filenames import file_attachment


class OrganiserMixin(LoginRequiredMixin, UserPassesTestMixin):
    success_url_name = ""

    def test_func(self) -> bool:
        return can_organise(self.request.user, self.request.league)

    def get_success_url(self):
        return reverse(self.success_url_name, args=[self.request.league.slug])


class OrganiseView(OrganiserMixin, TemplateView):
    template_name = "league/organise/index.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **kwargs, announcement=Announcement.objects.filter(league=self.request.league).showing()
        )


class PeopleView(OrganiserMixin, FormView):
    """Roles and members; an invitation-only league's organisers also invite and answer
    those asking to join."""

    template_name = "league/organise/people.html"
    form_class = RoleGrantForm
    success_url_name = "league:organise_people"

    def get_context_data(self, **kwargs):
        league = self.request.league
        invitation = league.visibility == Visibility.INVITATION
        invite_form = kwargs.pop("invite_form", None) or (InviteForm() if invitation else None)
        return super().get_context_data(
            **kwargs,
            roles=[(role, role.members(league)) for role in ROLES.values()],
            memberships=roles.members_of(league),
            invitation=invitation,
            invite_form=invite_form,
            join_requests=roles.join_requests_of(league) if invitation else (),
        )

    def post(self, request, *args, **kwargs):
        if "invite" not in request.POST:
            return super().post(request, *args, **kwargs)
        if request.league.visibility != Visibility.INVITATION:
            messages.error(request, _("Anyone may join this league: nobody is invited."))
            return redirect("league:organise_people", request.league.slug)
        invite_form = InviteForm(request.POST)
        if invite_form.is_valid():
            try:
                user = roles.member_invite(invite_form.cleaned_data["username"], request.league)
            except RoleRefused as refused:
                invite_form.add_error("username", str(refused))
            else:
                told = _("%(user)s is now a member of the league.")
                messages.success(request, told % {"user": user.get_username()})
                return redirect("league:organise_people", request.league.slug)
        return self.render_to_response(self.get_context_data(invite_form=invite_form))

    def form_valid(self, form):
        role = ROLES[form.cleaned_data["role"]]
        try:
            user = role_grant(role, form.cleaned_data["username"], self.request.league)
        except RoleRefused as refused:
            form.add_error("username", str(refused))
            return self.form_invalid(form)
        messages.success(self.request, role.granted % {"user": user.get_username()})
        return super().form_valid(form)


class RoleRemoveView(OrganiserMixin, TemplateView):  # asks first, removes on the POST
    template_name = "league/organise/role_remove.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        if kwargs["role"] not in ROLES:
            raise Http404("No such role.")
        self.role = ROLES[kwargs["role"]]

    def get_context_data(self, **kwargs):
        member = get_object_or_404(get_user_model(), pk=kwargs["pk"])
        holds = member.memberships.filter(league=self.request.league, role=self.role.role).exists()
        context = super().get_context_data(**kwargs)
        return {**context, "member": member, "role": self.role, "holds": holds}

    def post(self, request, *args, **kwargs):
        member = get_object_or_404(get_user_model(), pk=kwargs["pk"])
        try:
            role_revoke(self.role, member, self.request.league)
        except RoleRefused as refused:
            messages.error(request, str(refused))
        else:
            messages.success(request, self.role.revoked % {"user": member.get_username()})
            if member == request.user and self.role is ORGANISERS:  # the area is closed now
                return redirect("league:home", request.league.slug)
        return redirect("league:organise_people", request.league.slug)


class JoinRequestAnswerView(OrganiserMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        approve = request.POST.get("answer") == "approve"
        user = roles.join_request_answer(kwargs["pk"], request.league, approve=approve)
        if user is None:
            messages.error(request, _("That request is no longer here: it was answered."))
        else:
            if approve:
                told = _("%(user)s is now a member of the league.")
            else:
                told = _("The request of %(user)s is declined.")
            messages.success(request, told % {"user": user.get_username()})
        return redirect("league:organise_people", request.league.slug)


class LeagueSettingsView(OrganiserMixin, UpdateView):
    form_class = LeagueSettingsForm
    template_name = "league/organise/league_settings.html"
    success_url_name = "league:organise_settings"

    def get_object(self, queryset=None):
        return League.objects.get(pk=self.request.league.pk)

    def form_valid(self, form):
        with transaction.atomic():
            response = super().form_valid(form)
        messages.success(self.request, _("The league's settings are saved."))
        return response


class SeasonListView(OrganiserMixin, ListView):
    template_name = "league/organise/seasons.html"
    context_object_name = "seasons"
    paginate_by = 50

    def get_queryset(self):
        return Season.objects.filter(league=self.request.league).order_by("-start", "pk")


class LeagueRowEditMixin(OrganiserMixin):
    """Create (no ``pk``) or edit one of the league's rows with its ``inlines`` (formsets):
    all saved in one transaction, or nothing and the page comes back."""

    success_url_name = "league:organise_scenarios"
    saved, saved_as = "", "name"  # the message, and its placeholder for the row's name

    def get_queryset(self):
        return self.model.objects.filter(league=self.request.league)

    def get_object(self, queryset=None):
        return super().get_object(queryset) if "pk" in self.kwargs else None

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "league": self.request.league}

    def inlines(self) -> dict:
        return {}

    def get_context_data(self, **kwargs):
        return super().get_context_data(**(kwargs or self.inlines()))

    def post(self, request, *args, **kwargs):
        self.object = self.get_object()
        form, inlines = self.get_form(), self.inlines()
        if all_valid([form, *inlines.values()]):
            try:
                with transaction.atomic():
                    self.object = form.save()
                    for formset in inlines.values():
                        formset.instance = self.object
                        formset.save()
            except IntegrityError:  # another organiser took the name or address meanwhile
                # Checked again, fresh: the row that took it gets its message by the field.
                self.object = self.get_object()
                form, inlines = self.get_form(), self.inlines()
                if all_valid([form, *inlines.values()]):
                    told = _("Someone saved the same name or address a moment ago: check it.")
                    form.add_error(None, told)
            else:
                messages.success(request, self.saved % {self.saved_as: self.object})
                return redirect(self.get_success_url())
        return self.render_to_response(self.get_context_data(form=form, **inlines))


class SeasonEditView(LeagueRowEditMixin, UpdateView):
    model = Season
    form_class = SeasonForm
    template_name = "league/organise/season_form.html"
    success_url_name = "league:organise_seasons"
    saved, saved_as = gettext_lazy("Season “%(season)s” saved."), "season"


class AnnouncementView(OrganiserMixin, FormView):  # saving replaces the one announcement
    template_name = "league/organise/announcement.html"
    form_class = AnnouncementForm
    success_url_name = "league:organise"

    def get_form_kwargs(self):
        current = Announcement.objects.filter(league=self.request.league).order_by("pk").first()
        return {**super().get_form_kwargs(), "instance": current}

    def form_valid(self, form):
        with transaction.atomic():
            form.instance.updated_by = self.request.user
            form.instance.league = self.request.league
            league_announcements = Announcement.objects.filter(league=self.request.league)
            league_announcements.exclude(pk=form.instance.pk).delete()
            announcement = form.save()
        if announcement.text:
            messages.success(self.request, _("The announcement is on the home page."))
        else:
            messages.success(self.request, _("The announcement is taken down."))
        return super().form_valid(form)


class HistoryExportView(OrganiserMixin, TemplateView):
    """A POST starts a history export (or leads to the one already under way)."""

    template_name = "league/organise/export.html"

    def get(self, request, *args, **kwargs):
        jobs_sweep()  # a job its worker left running is shown failed, not waited on
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        jobs = history.history_jobs().select_related("started_by")[: history.MOST_LISTED]
        waiting = any(job.status in (JobStatus.QUEUED, JobStatus.RUNNING) for job in jobs)
        kept = set(history.history_kept().values_list("pk", flat=True))
        return super().get_context_data(**kwargs, jobs=jobs, waiting=waiting, kept=kept)

    def post(self, request, *args, **kwargs):
        with transaction.atomic():
            history.history_export_start(request.user)
        messages.success(request, _("The export is being written: its file appears below."))
        return redirect("league:organise_export", request.league.slug)


class HistoryFileView(OrganiserMixin, View):
    def get(self, request, *args, **kwargs):
        job = history.history_kept().filter(pk=kwargs["pk"]).first()
        path = export_path(job.file_name) if job is not None else None
        if path is None or not path.exists():
            raise Http404("This export has been deleted: ask for a new one.")
        return file_attachment(path, job.download_name)


class ScenarioListView(OrganiserMixin, ListView):  # and the series, a handful
    template_name = "league/organise/scenarios.html"
    context_object_name = "scenarios"
    paginate_by = 50
    MOST_SERIES = 50

    def get_queryset(self):
        return (
            Scenario.objects.of_league(self.request.league)
            .select_related("series")
            .order_by("-opens_at", "pk")
        )

    def get_context_data(self, **kwargs):
        series = Series.objects.of_league(self.request.league).order_by("name", "pk")
        return super().get_context_data(**kwargs, series_list=series[: self.MOST_SERIES])


class ScenarioEditView(LeagueRowEditMixin, UpdateView):
    model = Scenario
    form_class = ScenarioForm
    template_name = "league/organise/scenario_form.html"
    saved = gettext_lazy("Scenario “%(name)s” saved.")

    def inlines(self) -> dict:
        data = self.request.POST if self.request.method == "POST" else None
        instance = self.object or Scenario(league=self.request.league)
        return {"tasks": ScenarioTaskFormSet(data, instance=instance, prefix="tasks")}


class SeriesEditView(LeagueRowEditMixin, UpdateView):
    model = Series
    form_class = SeriesForm
    template_name = "league/organise/series_form.html"
    saved = gettext_lazy("Series “%(name)s” saved.")


class ScenarioDeleteView(OrganiserMixin, DeleteView):
    # A scenario that games were entered for stays (PROTECT), and the organiser is told so.

    template_name = "league/organise/scenario_delete.html"
    success_url_name = "league:organise_scenarios"

    def get_queryset(self):
        return Scenario.objects.of_league(self.request.league)

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs, games=self.object.sessions.count())

    def form_valid(self, form):
        name = str(self.object)
        try:
            with transaction.atomic():
                self.object.delete()
        except ProtectedError:
            messages.error(
                self.request, _("Games were entered for “%(name)s”: it stays.") % {"name": name}
            )
            return redirect("league:organise_scenario", self.request.league.slug, self.object.pk)
        messages.success(self.request, _("Scenario “%(name)s” deleted.") % {"name": name})
        return redirect(self.get_success_url())
