"""The league's whole history as ``export_results --status approved`` writes it (a file
``import_results`` reads back), by an export job marked by its ``source``. Only approved
games, so no player without one is in the file."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext
from django_scopes import scopes_disabled
from django_tasks import task

from games.imports.exporter import sessions_for_export, write_csv
from games.jobs.files import PART, export_expiry, export_file_name, export_path, exports_sweep
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
        name = export_file_name(job_id, "csv")
        final = export_path(name)
        part = final.with_name(final.name + PART)
        games = sessions_for_export(Status.APPROVED)
        total = games.count()
        try:
            with part.open("w", encoding="utf-8", newline="") as stream:
                write_csv(stream, games, lambda done: progress(done, total))
            part.rename(final)
        finally:
            part.unlink(missing_ok=True)
        day = timezone.localdate().isoformat()
        Job.objects.filter(pk=job_id).update(
            file_name=name,
            download_name=f"arkham-league-history-{day}.csv",
            expires_at=export_expiry(),
        )
        progress(total, total)
        return ngettext("%(count)s game written", "%(count)s games written", total) % {
            "count": number_format(total, force_grouping=True)
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
