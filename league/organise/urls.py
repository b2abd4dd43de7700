"""The Organise area's URLs, in the ``league`` namespace (``league:organise_...``)."""

from django.urls import path

from league.organise import views

urlpatterns = [
    path("", views.OrganiseView.as_view(), name="organise"),
    path("people/", views.PeopleView.as_view(), name="organise_people"),
    path(
        "people/<slug:role>/<int:pk>/remove/",
        views.RoleRemoveView.as_view(),
        name="organise_role_remove",
    ),
    path(
        "people/requests/<int:pk>/",
        views.JoinRequestAnswerView.as_view(),
        name="organise_join_request",
    ),
    path("settings/", views.LeagueSettingsView.as_view(), name="organise_settings"),
    path("scenarios/", views.ScenarioListView.as_view(), name="organise_scenarios"),
    path("scenarios/new/", views.ScenarioEditView.as_view(), name="organise_scenario_new"),
    path("scenarios/<int:pk>/", views.ScenarioEditView.as_view(), name="organise_scenario"),
    path(
        "scenarios/<int:pk>/delete/",
        views.ScenarioDeleteView.as_view(),
        name="organise_scenario_delete",
    ),
    path("series/new/", views.SeriesEditView.as_view(), name="organise_series_new"),
    path("series/<int:pk>/", views.SeriesEditView.as_view(), name="organise_series"),
    path("seasons/", views.SeasonListView.as_view(), name="organise_seasons"),
    path("seasons/new/", views.SeasonEditView.as_view(), name="organise_season_new"),
    path("seasons/<int:pk>/", views.SeasonEditView.as_view(), name="organise_season"),
    path("announcement/", views.AnnouncementView.as_view(), name="organise_announcement"),
    path("export/", views.HistoryExportView.as_view(), name="organise_export"),
    path("export/<int:pk>/file/", views.HistoryFileView.as_view(), name="organise_export_file"),
]
