"""The public pages' URLs (namespace ``league``), one block per subject."""

from django.urls import include, path
from django.views.generic import TemplateView

from league.caching import subjects as shows
from league.caching.page_cache import page_cached
from league.pages import (
    ancient_ones,
    downloads,
    games,
    home,
    in_play,
    investigators,
    players,
    rules,
    scenarios,
    search,
    teams,
)


def cached(route: str, view, name: str, **options):
    """A public page's path, its view cached by ``page_cached`` (``options``: its own)."""
    return path(route, page_cached(view.as_view(), **options), name=name)


app_name = "league"
urlpatterns = [
    cached("", home.HomeView, "home"),
    cached("leaderboard/", games.LeaderboardView, "leaderboard"),
    cached("players/", players.StandingsView, "standings", shows=shows.SEASON),
    # <str:…>, not <slug:…>: player slugs keep letters of every script (/players/李雷/).
    cached("players/<str:slug>/", players.PlayerView, "player", shows=shows.PLAYER),
    cached("ancient-ones/", ancient_ones.AncientOneListView, "ancient_ones"),
    cached(
        "ancient-ones/<slug:slug>/",
        ancient_ones.AncientOneView,
        "ancient_one",
        shows=shows.ANCIENT_ONE,
    ),
    cached("investigators/", investigators.InvestigatorListView, "investigators"),
    cached(
        "investigators/<slug:slug>/",
        investigators.InvestigatorView,
        "investigator",
        shows=shows.INVESTIGATOR,
    ),
    cached("heralds/", in_play.HeraldListView, "heralds"),
    cached("boxes/", in_play.BoxListView, "boxes"),
    cached("teams/", teams.TeamStandingsView, "teams", shows=shows.SEASON),
    path("teams/new/", teams.TeamCreateView.as_view(), name="team_new"),
    cached("teams/<slug:slug>/", teams.TeamView, "team", members=False, shows=shows.TEAM),
    path("teams/<slug:slug>/members/", teams.TeamMembersView.as_view(), name="team_members"),
    path(
        "teams/<slug:slug>/members/<int:pk>/remove/",
        teams.TeamMemberRemoveView.as_view(),
        name="team_member_remove",
    ),
    path(
        "teams/invitations/<int:pk>/",
        teams.TeamInvitationAnswerView.as_view(),
        name="team_invitation",
    ),
    cached("scenarios/", scenarios.ScenarioListView, "scenarios"),
    cached("scenarios/<slug:slug>/", scenarios.ScenarioView, "scenario", shows=shows.SCENARIO),
    cached("series/", scenarios.SeriesListView, "series_list"),
    cached("series/<slug:slug>/", scenarios.SeriesView, "series", shows=shows.SERIES),
    cached("rules/", rules.RulesView, "rules", shows=shows.NOTHING),
    cached("search/", search.SearchView, "search"),
    # What the worker shows for a page it has no copy of, in the page's language
    # (/de/offline/); the worker keeps it in each (offline.py).
    path("offline/", TemplateView.as_view(template_name="offline/offline.html"), name="offline"),
    # A big export, prepared by a background job for the member who asked (never cached).
    path("downloads/<int:pk>/", downloads.DownloadView.as_view(), name="download"),
    path("downloads/<int:pk>/file/", downloads.download_file, name="download_file"),
    # Organisers only (league.organise): people, seasons, the history export, announcement.
    path("organise/", include("league.organise.urls")),
    # Leagues as such (create, one's membership): the lead mounts these outside /l/<slug>/.
]
