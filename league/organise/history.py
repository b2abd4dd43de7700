"""The league's whole history as ``export_results --status approved`` writes it (a file
``import_results`` reads back), by an export job marked by its ``source``. Only approved
games, so no player without one is in the file."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext
from django_scopes import scopes_disabled
from django_tasks import task

from games.imports.exporter import sessions_for_export, write_csv
from games.imports.limits import grouped
from games.jobs.files import export_file_write, exports_sweep
from games.jobs.models import Job, JobStatus, Kind
from games.jobs.runner import Progress, job_run, job_start
from games.models import Status

# What marks a job as the history's (its ``source``): never a page's address.
HISTORY_SOURCE = "organise:history"
# The history exports the Organise page lists.
MOST_LISTED = 10


def history_jobs():
    return Job.objects.filter(kind=Kind.EXPORT, source=HISTORY_SOURCE)


def history_kept():
    return history_jobs().filter(
        Q(status=JobStatus.DONE, expires_at__gt=timezone.now()) & ~Q(file_name="")
    )


@task()
@scopes_disabled()  # a job reads every league it needs
def history_export_task(job_id: int, language: str = "") -> str:
    # Its summary line in ``language``: the organiser's who asked.

    def work(progress: Progress) -> str:
        games = sessions_for_export(Status.APPROVED)
        total = games.count()

        def write(part) -> str:
            with part.open("w", encoding="utf-8", newline="") as stream:
                write_csv(stream, games, lambda done: progress(done, total))
            return f"arkham-league-history-{timezone.localdate().isoformat()}.csv"

        export_file_write(job_id, "csv", write)
        progress(total, total)
        return ngettext("%(count)s game written", "%(count)s games written", total) % {
            "count": grouped(total)
        }

    with translation.override(language or settings.LANGUAGE_CODE):
        return job_run(job_id, work, atomic=False)


def history_export_start(user) -> Job:
    # One at a time, whoever asked.
    waiting = history_jobs().filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).first()
    if waiting is not None:
        return waiting
    exports_sweep()
    job = job_start(
        task=history_export_task,
        kind=Kind.EXPORT,
        description=gettext("The league's whole history (approved games) as CSV"),
        user=user,
        language=translation.get_language() or "",
    )
    Job.objects.filter(pk=job.pk).update(source=HISTORY_SOURCE)
    return job
