"""The bench's page, mounted inside the league's URLs (``league:bench_bare``) by
``league.pages.urls`` through ``include("league.bench.urls")``: no import of bench code."""

from django.urls import path

from league.bench import views

urlpatterns = [
    path("bare/", views.bare, name="bench_bare"),
]
