"""The site's home: the public leagues and the member's own; and the addresses from
before there were leagues, each leading to the first league's page."""

from __future__ import annotations

from django.http import HttpResponsePermanentRedirect
from django.urls import get_script_prefix
from django.utils.translation import get_language
from django.views.generic import ListView

from league.models import League

# The first part of every league page's address before leagues: /en/<part>/...
ADDRESSES_BEFORE_LEAGUES = (
    "leaderboard",
    "players",
    "ancient-ones",
    "investigators",
    "heralds",
    "boxes",
    "teams",
    "scenarios",
    "series",
    "rules",
    "search",
    "offline",
    "downloads",
    "organise",
    "games",
    "feeds",
)
# The most leagues the list shows (public ones, then the member's own, by name).
MOST_LISTED = 200


class LeagueListView(ListView):
    """Every public league, and the invitation-only ones the member belongs to."""

    template_name = "league/leagues.html"
    context_object_name = "leagues"

    def get_queryset(self):
        return League.objects.readable_by(self.request.user).order_by("name")[:MOST_LISTED]

    def get_context_data(self, **kwargs):
        mine = League.objects.of_user(self.request.user).order_by("name")[:MOST_LISTED]
        return super().get_context_data(**kwargs, mine=list(mine))


def to_first_league(request, rest: str):
    """A link shared before leagues (/en/players/ann/): the same page of the first league,
    for good (301), with its query."""
    first = League.objects.first_league()
    address = f"{get_script_prefix()}{get_language()}/l/{first.slug}/{rest}"
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
