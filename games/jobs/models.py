"""The record of one background job: what it is, who started it, how far it got."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    REBUILD_SUMMARIES = "rebuild_summaries", _("Rebuild summaries")
    RESCORE = "rescore", _("Rescore games")
    EXPORT = "export", _("Export a table")
    RATINGS = "ratings", _("Replay ratings")
    IMPORT_RESULTS = "import_results", _("Import results")


class JobStatus(models.TextChoices):
    QUEUED = "queued", pgettext_lazy("job status", "Queued")
    RUNNING = "running", pgettext_lazy("job status", "Running")
    DONE = "done", pgettext_lazy("job status", "Done")
    FAILED = "failed", pgettext_lazy("job status", "Failed")


class Job(models.Model):
    kind = models.CharField(_("kind"), max_length=40, choices=Kind.choices)
    description = models.CharField(_("description"), max_length=200)
    status = models.CharField(
        _("status"), max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED
    )
    # Rows (games, or summary tables) done out of the total the job found to do.
    done = models.PositiveIntegerField(pgettext_lazy("job count", "done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    result = models.CharField(_("result"), max_length=200, blank=True)
    error = models.TextField(_("error"), blank=True)
    # The task backend's id of the run, to find its own record (worker, attempts); blank
    # until the queue took it. What to enqueue again if the queue lost it (games.jobs.stale).
    task_id = models.CharField(_("task id"), max_length=64, blank=True)
    task_path = models.CharField(_("task path"), max_length=200, blank=True)
    task_kwargs = models.JSONField(_("task kwargs"), default=dict, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("started by"),
    )
    # An export's file: its name in LEAGUE_EXPORT_DIR (blank until written, and again once
    # deleted), the name it downloads as, the page that asked, and when it is deleted.
    file_name = models.CharField(_("file name"), max_length=100, blank=True)
    download_name = models.CharField(_("download name"), max_length=255, blank=True)
    source = models.CharField(_("source"), max_length=2000, blank=True)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # Moved every few seconds while a worker runs the job (games.jobs.runner): a running job
    # whose heartbeat stopped was left by a dead worker (games.jobs.stale).
    heartbeat_at = models.DateTimeField(_("heartbeat at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status"])]
        verbose_name = _("job")
        verbose_name_plural = _("jobs")

    @property
    def counts(self) -> str:
        """What ``done`` and ``total`` count, as its page says it ("12 of 40 games")."""
        if self.kind == Kind.EXPORT:
            return pgettext("counted by a job", "rows")
        if self.kind == Kind.REBUILD_SUMMARIES:
            return pgettext("counted by a job", "summary tables")
        return pgettext("counted by a job", "games")

    @property
    def finished(self) -> bool:
        return self.status in (JobStatus.DONE, JobStatus.FAILED)

    def __str__(self) -> str:
        return gettext("Job %(number)s: %(description)s") % {
            "number": self.pk,
            "description": self.description,
        }
