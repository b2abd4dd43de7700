"""The record of one background job: what it is, who started it, how far it got."""

from django.conf import settings
from django.db import models


class Kind(models.TextChoices):
    REBUILD_SUMMARIES = "rebuild_summaries", "Rebuild summaries"
    RESCORE = "rescore", "Rescore games"
    EXPORT = "export", "Export a table"
    RATINGS = "ratings", "Replay ratings"
    IMPORT_RESULTS = "import_results", "Import results"


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class Job(models.Model):
    kind = models.CharField(max_length=40, choices=Kind.choices)
    description = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    # Rows (games, or summary tables) done out of the total the job found to do.
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    # The task backend's id of the run, to find its own record (worker, attempts); blank
    # until the queue took it. What to enqueue again if the queue lost it (games.jobs.stale).
    task_id = models.CharField(max_length=64, blank=True)
    task_path = models.CharField(max_length=200, blank=True)
    task_kwargs = models.JSONField(default=dict, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # An export's file: its name in LEAGUE_EXPORT_DIR (blank until written, and again once
    # deleted), the name it downloads as, the page that asked, and when it is deleted.
    file_name = models.CharField(max_length=100, blank=True)
    download_name = models.CharField(max_length=255, blank=True)
    source = models.CharField(max_length=2000, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Moved every few seconds while a worker runs the job (games.jobs.live): a running job
    # whose heartbeat stopped was left by a dead worker (games.jobs.stale).
    heartbeat_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status"])]

    @property
    def counts(self) -> str:
        """What ``done`` and ``total`` count, as its page says it."""
        return {Kind.EXPORT: "rows", Kind.REBUILD_SUMMARIES: "summary tables"}.get(
            self.kind, "games"
        )

    @property
    def finished(self) -> bool:
        return self.status in (JobStatus.DONE, JobStatus.FAILED)

    def __str__(self) -> str:
        return f"Job {self.pk}: {self.description}"
