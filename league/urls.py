from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from games.views.accounts import SignupView
from league.api import api
from league.ops.throttle import throttle_posts
from league.organise.leagues import LeagueCreateView, LeagueMembershipView
from league.pages import language, leagues, offline
from league.pages.feeds import urlpatterns as feed_urls

# Leagues as such, outside any one league's /l/<league>/: create one, one's membership.
leagues_urls = [
    path("leagues/new/", LeagueCreateView.as_view(), name="new"),
    path("leagues/<slug:slug>/membership/", LeagueMembershipView.as_view(), name="membership"),
]

# The admin, the API and the installable app's files keep one address each (their language
# comes from the language cookie or the browser's Accept-Language).
urlpatterns = [
    path("admin/", admin.site.urls),
    # The docs live at /api/docs; the address with a slash, as people type it, leads there.
    path("api/docs/", RedirectView.as_view(url="/api/docs", permanent=True)),
    path("api/", api.urls),
    path("language/", language.choose, name="set_language"),
    path("", include((offline.urlpatterns, "offline"))),
]
# The pages people read, once per language: /en/..., /de/..., /fr/..., /es/..., /pl/...;
# an address without a prefix (a link shared before) is redirected to the reader's language.
urlpatterns += i18n_patterns(
    path("accounts/signup/", throttle_posts("signup")(SignupView.as_view()), name="signup"),
    # Before the auth URLs, so these views answer the same paths and names.
    path(
        "accounts/password_reset/",
        throttle_posts("password_reset")(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path("accounts/login/", language.LoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", leagues.LeagueListView.as_view(), name="leagues"),
    path("", include((leagues_urls, "leagues"))),
    path("across/", include("league.pages.across")),
    # Benchmark-only pages (bench/), in no league: a 404 unless LEAGUE_BENCH_VIEWS.
    path("bench/", include("bench.urls")),
    # Each league's pages, games and feeds: /en/l/<league>/...
    path(
        "l/<slug:league_slug>/",
        include(
            [
                path("games/", include("games.urls")),
                path("feeds/", include((feed_urls, "feeds"))),
                path("", include("league.pages.urls")),
            ]
        ),
    ),
    # An address from before leagues (/en/players/ann/) leads to the first league's page.
    re_path(
        rf"^(?P<rest>(?:{'|'.join(leagues.ADDRESSES_BEFORE_LEAGUES)})/.*)$",
        leagues.to_first_league,
    ),
)
