from django.apps import AppConfig


class JobsConfig(AppConfig):
    """Background jobs: the record of each (status, progress, error) and its tasks."""

    name = "games.jobs"
    label = "jobs"
    verbose_name = "Background jobs"
