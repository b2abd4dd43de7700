"""The home page: the league at a glance, with links into every other page."""

from __future__ import annotations

from django.utils import timezone
from django.views.generic import TemplateView

from league.models import Announcement
from league.queries.stats import home_summary


class HomeView(TemplateView):
    """The league at a glance, with links into every other page."""

    template_name = "league/home.html"

    def get_context_data(self, **kwargs):
        announcement = Announcement.objects.filter(league=self.request.league).showing()
        return super().get_context_data(
            **kwargs, **home_summary(self.request.league), announcement=announcement
        )

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        shown = response.context_data["announcement"]
        if shown is not None and shown.expires_at is not None:
            # A cached copy must not outlive the announcement it shows.
            left = (shown.expires_at - timezone.now()).total_seconds()
            response.page_cache_seconds = max(1, int(left))
        return response
