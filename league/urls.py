from django.contrib import admin
from django.urls import include, path

from games.views import SignupView
from league.api import api
from league.feeds import urlpatterns as feed_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/signup/", SignupView.as_view(), name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("games/", include("games.urls")),
    path("api/", api.urls),
    path("feeds/", include((feed_urls, "feeds"))),
    path("", include("league.pages_urls")),
]
