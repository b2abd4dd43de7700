from django.urls import path

from league import views

app_name = "league"
urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("leaderboard/", views.LeaderboardView.as_view(), name="leaderboard"),
    path("players/", views.StandingsView.as_view(), name="standings"),
    path("players/<slug:slug>/", views.PlayerView.as_view(), name="player"),
    path("ancient-ones/", views.AncientOneListView.as_view(), name="ancient_ones"),
    path("ancient-ones/<slug:slug>/", views.AncientOneView.as_view(), name="ancient_one"),
    path("rules/", views.RulesView.as_view(), name="rules"),
]
