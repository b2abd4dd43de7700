"""The app's addresses at the site's root (namespace ``offline``)."""

from django.urls import path

from league.pages import offline

app_name = "offline"
urlpatterns = [
    path("service-worker.js", offline.service_worker, name="worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.OfflinePageView.as_view(), name="page"),
    path("offline/token/", offline.send_token, name="token"),
]
