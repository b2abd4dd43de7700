"""Addresses about leagues as such, outside any one league's ``/l/<league>/``: create a
league, one's membership of one (namespace ``leagues``)."""

from django.urls import path

from league.organise import leagues

app_name = "leagues"
urlpatterns = [
    path("leagues/new/", leagues.LeagueCreateView.as_view(), name="new"),
    path(
        "leagues/<slug:slug>/membership/",
        leagues.LeagueMembershipView.as_view(),
        name="membership",
    ),
]
