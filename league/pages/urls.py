"""The public pages' URLs (namespace ``league``), one block per subject."""

from django.urls import include, path

from league.caching import subjects as shows
from league.caching.page_cache import page_cached
from league.pages import (
    ancient_ones,
    downloads,
    games,
    home,
    in_play,
    investigators,
    offline,
    players,
    rules,
    scenarios,
    search,
    teams,
)

app_name = "league"
urlpatterns = [
    path("", page_cached(home.HomeView.as_view()), name="home"),
    path("leaderboard/", page_cached(games.LeaderboardView.as_view()), name="leaderboard"),
    path(
        "players/",
        page_cached(players.StandingsView.as_view(), shows=shows.SEASON),
        name="standings",
    ),
    # <str:…>, not <slug:…>: player slugs keep letters of every script (/players/李雷/).
    path(
        "players/<str:slug>/",
        page_cached(players.PlayerView.as_view(), shows=shows.PLAYER),
        name="player",
    ),
    path(
        "ancient-ones/",
        page_cached(ancient_ones.AncientOneListView.as_view()),
        name="ancient_ones",
    ),
    path(
        "ancient-ones/<slug:slug>/",
        page_cached(ancient_ones.AncientOneView.as_view(), shows=shows.ANCIENT_ONE),
        name="ancient_one",
    ),
    path(
        "investigators/",
        page_cached(investigators.InvestigatorListView.as_view()),
        name="investigators",
    ),
    path(
        "investigators/<slug:slug>/",
        page_cached(investigators.InvestigatorView.as_view(), shows=shows.INVESTIGATOR),
        name="investigator",
    ),
    path("heralds/", page_cached(in_play.HeraldListView.as_view()), name="heralds"),
    path("boxes/", page_cached(in_play.BoxListView.as_view()), name="boxes"),
    path(
        "teams/", page_cached(teams.TeamStandingsView.as_view(), shows=shows.SEASON), name="teams"
    ),
    path("teams/new/", teams.TeamCreateView.as_view(), name="team_new"),
    path(
        "teams/<slug:slug>/",
        page_cached(teams.TeamView.as_view(), members=False, shows=shows.TEAM),
        name="team",
    ),
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
    path("scenarios/", page_cached(scenarios.ScenarioListView.as_view()), name="scenarios"),
    path(
        "scenarios/<slug:slug>/",
        page_cached(scenarios.ScenarioView.as_view(), shows=shows.SCENARIO),
        name="scenario",
    ),
    path("series/", page_cached(scenarios.SeriesListView.as_view()), name="series_list"),
    path(
        "series/<slug:slug>/",
        page_cached(scenarios.SeriesView.as_view(), shows=shows.SERIES),
        name="series",
    ),
    path("rules/", page_cached(rules.RulesView.as_view(), shows=shows.NOTHING), name="rules"),
    path("search/", page_cached(search.SearchView.as_view()), name="search"),
    # In the page's language (/de/offline/); the worker keeps it in each (offline.py).
    path("offline/", offline.OfflinePageView.as_view(), name="offline"),
    # A big export, prepared by a background job for the member who asked (never cached).
    path("downloads/<int:pk>/", downloads.DownloadView.as_view(), name="download"),
    path("downloads/<int:pk>/file/", downloads.download_file, name="download_file"),
    # Organisers only (league.organise): people, seasons, the history export, announcement.
    path("organise/", include("league.organise.urls")),
    # Leagues as such (create, one's membership): the lead mounts these outside /l/<slug>/.
]
