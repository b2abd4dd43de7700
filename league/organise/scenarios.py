"""The Organise area's scenario and series pages; every write in one transaction."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.db.models import ProtectedError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import DeleteView, ListView, UpdateView

from games.models import Scenario, Series
from league.organise.scenario_forms import ScenarioForm, ScenarioTaskFormSet, SeriesForm
from league.organise.views import LeagueRowEditMixin, OrganiserMixin


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
