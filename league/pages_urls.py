from django.urls import path

from league import views

app_name = "league"
urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("players/<slug:slug>/", views.PlayerView.as_view(), name="player"),
    path("ancient-ones/<slug:slug>/", views.AncientOneView.as_view(), name="ancient_one"),
]
