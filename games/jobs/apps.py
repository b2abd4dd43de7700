from django.apps import AppConfig
from django.db import close_old_connections, transaction
from django.utils.translation import gettext_lazy as _


def connections_refreshed(**kwargs) -> None:
    """Around each task, as Django does around each request: a worker is a long-lived
    process (RQ's SimpleWorker runs every job in its own), so a database connection that
    broke or outlived its age is dropped. Not inside a transaction (a task run at once, as
    the tests' immediate backend runs them)."""
    if transaction.get_autocommit():
        close_old_connections()


class JobsConfig(AppConfig):
    """Background jobs: the record of each (status, progress, error) and its tasks."""

    name = "games.jobs"
    label = "jobs"
    verbose_name = _("Background jobs")

    def ready(self):
        from django_tasks.signals import task_finished, task_started

        for signal in (task_started, task_finished):
            signal.connect(connections_refreshed, dispatch_uid="jobs-connections")
