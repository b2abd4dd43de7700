"""The home page: the league at a glance, with links into every other page."""

from __future__ import annotations

from django.views.generic import TemplateView

from league.models import Announcement
from league.queries import home_summary


class HomeView(TemplateView):
    """The league at a glance, with links into every other page."""

    template_name = "league/home.html"

    def get_context_data(self, **kwargs):
        announcement = Announcement.objects.showing()
        return super().get_context_data(**kwargs, **home_summary(), announcement=announcement)
