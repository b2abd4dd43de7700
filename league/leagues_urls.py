"""Addresses about leagues as such, in the ``league`` namespace but outside any one
league's ``/l/<slug>/`` (the lead mounts them beside it): create a league, one's
membership of one."""

from django.urls import path

from league.organise import leagues

urlpatterns = [
    path("leagues/new/", leagues.LeagueCreateView.as_view(), name="league_new"),
    path(
        "leagues/<slug:slug>/membership/",
        leagues.LeagueMembershipView.as_view(),
        name="league_membership",
    ),
]
