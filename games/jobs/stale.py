"""Jobs a worker or the task queue left behind, found by ``jobs_sweep``.

A running job's heartbeat (``Job.heartbeat_at``) moves every few seconds while its worker
lives (``runner.Live``). Its work runs in one transaction, which died with the worker: so a
job whose heartbeat is older than ``LEAGUE_JOB_STALE_SECONDS`` applied nothing, and is
marked failed saying so.

A job is enqueued once the write that started it commits (``runner.job_start``). The queue
may be out of reach then (Redis down), or lose its entry later (Redis restarted empty): the
job would wait for ever. So queued jobs the queue does not hold are enqueued again, and
failed once they still cannot be handed over ``LEAGUE_JOB_STALE_SECONDS`` after they were
started.

The sweep runs when a worker starts a job, when the admin's jobs or a download's page is
shown, and from ``manage.py sweep_jobs``.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _
from django_tasks.base import TaskResultStatus

from .models import Job, JobStatus

logger = logging.getLogger(__name__)

# A new job's own on-commit enqueue has had this long to happen before a sweep steps in.
GRACE_SECONDS = 30
# Queued jobs looked at per sweep: a sweep runs inside requests too (the admin's jobs list).
SWEEP_BATCH = 20

# Written on the job in the language of the request (or worker) that sweeps.
STOPPED = _(
    "The worker running this job stopped before it finished; nothing of it was applied. "
    "Run it again."
)
UNQUEUED = _(
    "The task queue could not take this job (it was unreachable or lost it); nothing of it "
    "was applied. Run it again."
)
FAILED_EARLY = _("The task queue reports this job failed before it started. Run it again.")


def jobs_sweep() -> int:
    """Fail the stopped running jobs and hand the queue again the queued jobs it lost;
    returns how many jobs moved."""
    return jobs_fail_stopped() + jobs_requeue()


def jobs_fail_stopped() -> int:
    """Mark running jobs whose heartbeat is stale as failed; returns how many."""
    now = timezone.now()
    cutoff = now - datetime.timedelta(seconds=settings.LEAGUE_JOB_STALE_SECONDS)
    stale = Job.objects.filter(status=JobStatus.RUNNING).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff)
    )
    # Read first: the common answer is none, and a read never waits for a writer.
    if not stale.exists():
        return 0
    try:
        with transaction.atomic():
            return stale.update(status=JobStatus.FAILED, error=STOPPED, finished_at=now)
    except OperationalError:
        # SQLite: a job's transaction holds the database, so a job is alive after all.
        return 0


def job_enqueue(job_id: int, task, kwargs: dict) -> None:
    """Hand job ``job_id`` to the task queue and note the queue's id for it."""
    result = task.enqueue(job_id, **kwargs)
    Job.objects.filter(pk=job_id).update(task_id=str(result.id))


def _queue_state(job: Job, task) -> str:
    """ "held" (the queue has it, waiting or running), "failed" or "lost"."""
    if task is None or not job.task_id:
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
        state = _queue_state(job, task)
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
