"""The app's addresses at the site's root (namespace ``offline``), in no language's prefix:
the worker must be at the root. The offline page itself is ``league:offline``."""

from django.urls import path

from league.pages import offline

app_name = "offline"
urlpatterns = [
    path("service-worker.js", offline.service_worker, name="worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/token/", offline.send_token, name="token"),
]
