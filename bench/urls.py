"""The bench's pages, mounted inside the league's URLs (``league:bench_bare``,
``league:bench_reference``) by ``league.pages.urls`` through
``include("bench.urls")``: no import of bench code."""

from django.urls import path

from bench import views

urlpatterns = [
    path("bare/", views.bare, name="bench_bare"),
    path("reference/", views.reference, name="bench_reference"),
]
