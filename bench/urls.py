"""The bench's pages, mounted inside the league's URLs (``bench:bare``,
``league:bench_reference``) by ``league.pages.urls`` through
``include("bench.urls")``: no import of bench code."""

from django.urls import path

from bench import views

app_name = "bench"
urlpatterns = [
    path("bare/", views.bare, name="bare"),
    path("reference/", views.reference, name="reference"),
]
