from django.apps import AppConfig


class BenchConfig(AppConfig):
    """The benchmarks' commands and the load test's bare page; no models."""

    name = "bench"
    label = "bench"
    verbose_name = "League benchmarks"
