"""The public leagues side by side (namespace ``across``): /<language>/across/..."""

from django.urls import path

from league.pages import across

app_name = "across"
urlpatterns = [
    path("", across.BoardView.as_view(), name="board"),
    # <str:…>: player slugs keep letters of every script, as in a league.
    path("players/<str:slug>/", across.PlayerAcrossView.as_view(), name="player"),
    path("ancient-ones/<slug:slug>/", across.AncientOneAcrossView.as_view(), name="ancient_one"),
]
