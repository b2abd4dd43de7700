"""The league a request is about: ``request.league``.

Every page, form and feed of a league reads and writes that league's rows only. Until
addresses carry the league, every request is about the first league (the site's own).
"""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from league.models import League


class CurrentLeagueMiddleware:
    """Sets ``request.league``, looked up only when something reads it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.league = SimpleLazyObject(League.objects.first_league)
        return self.get_response(request)
