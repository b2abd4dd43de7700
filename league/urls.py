from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from games.views import SignupView
from league.api import api
from league.ops.throttle import throttle_posts
from league.pages.feeds import urlpatterns as feed_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/signup/", throttle_posts("signup")(SignupView.as_view()), name="signup"),
    # Before the auth URLs, so this throttled view answers the same path and name.
    path(
        "accounts/password_reset/",
        throttle_posts("password_reset")(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("games/", include("games.urls")),
    # The docs live at /api/docs; the address with a slash, as people type it, leads there.
    path("api/docs/", RedirectView.as_view(url="/api/docs", permanent=True)),
    path("api/", api.urls),
    path("feeds/", include((feed_urls, "feeds"))),
    path("", include("league.pages.offline_urls")),
    path("", include("league.pages.urls")),
]
