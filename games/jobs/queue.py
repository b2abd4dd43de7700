"""Handing jobs to the task queue, and handing them again when the queue lost them.

A job is enqueued once the write that started it commits (``runner.job_start``). The queue
may be out of reach then (Redis down), or lose its entry later (Redis restarted empty):
the job would wait for ever. ``jobs_requeue`` (part of ``stale.jobs_sweep``) finds queued
jobs the queue does not hold, enqueues them again, and fails those it still cannot hand
over once ``LEAGUE_JOB_STALE_SECONDS`` have passed since they were started.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _
from django_tasks.base import TaskResultStatus

from .models import Job, JobStatus

logger = logging.getLogger(__name__)

# A new job's own on-commit enqueue has had this long to happen before a sweep steps in.
GRACE_SECONDS = 30
# Jobs looked at per sweep: a sweep runs inside requests too (the admin's jobs list).
SWEEP_BATCH = 20

# Written on the job in the language of the request (or worker) that sweeps.
UNQUEUED = _(
    "The task queue could not take this job (it was unreachable or lost it); nothing of it "
    "was applied. Run it again."
)
FAILED_EARLY = _("The task queue reports this job failed before it started. Run it again.")


def job_enqueue(job_id: int, task, kwargs: dict) -> None:
    """Hand job ``job_id`` to the task queue and note the queue's id for it."""
    result = task.enqueue(job_id, **kwargs)
    Job.objects.filter(pk=job_id).update(task_id=str(result.id))


def _queue_state(job: Job, task) -> str:
    """ "held" (the queue has it, waiting or running), "failed" or "lost"."""
    if not job.task_id:
        return "lost"
    try:
        result = task.get_result(job.task_id)
    except Exception:  # TaskResultDoesNotExist, or a queue out of reach: nothing we can see
        return "lost"
    return "failed" if result.status == TaskResultStatus.FAILED else "held"


def jobs_requeue() -> int:
    """Enqueue again the queued jobs the queue does not hold; fail those past their time.
    Returns how many jobs were enqueued again or failed."""
    now = timezone.now()
    deadline = now - datetime.timedelta(seconds=settings.LEAGUE_JOB_STALE_SECONDS)
    waiting = Job.objects.filter(
        status=JobStatus.QUEUED, created_at__lt=now - datetime.timedelta(seconds=GRACE_SECONDS)
    ).order_by("created_at")[:SWEEP_BATCH]
    moved = 0
    for job in waiting:
        try:
            task = import_string(job.task_path)
        except ImportError:
            task = None
        state = _queue_state(job, task) if task is not None else "lost"
        if state == "held":
            continue
        if state == "lost" and task is not None and job.created_at >= deadline:
            try:
                job_enqueue(job.pk, task, job.task_kwargs)
            except Exception:
                logger.warning("Job %s could not be enqueued again; the next sweep retries", job.pk)
                continue
        else:
            Job.objects.filter(pk=job.pk, status=JobStatus.QUEUED).update(
                status=JobStatus.FAILED,
                error=FAILED_EARLY if state == "failed" else UNQUEUED,
                finished_at=now,
            )
        moved += 1
    return moved
