from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JobsConfig(AppConfig):
    """Background jobs: the record of each (status, progress, error) and its tasks."""

    name = "games.jobs"
    label = "jobs"
    verbose_name = _("Background jobs")
