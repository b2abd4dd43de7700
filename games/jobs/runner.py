"""Start a job (a record, then a task on commit) and run one (status, progress, error).

A job's work runs in one transaction: a failure or a killed worker rolls it all back, so
a job is applied whole or not at all and running it again is safe. While it runs, its
count and heartbeat are written beside it (``live``); a job whose worker died is marked
failed once its heartbeat is stale (``stale``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import nullcontext

from django.db import transaction
from django.utils import timezone

from .live import Live
from .models import Job, JobStatus
from .queue import job_enqueue
from .stale import jobs_sweep

logger = logging.getLogger(__name__)

# Called by the work as it goes: (rows done, rows in all).
Progress = Callable[[int, int], None]


def job_start(*, task, kind: str, description: str, user=None, **kwargs) -> Job:
    """Record a queued job and enqueue ``task(job.pk, **kwargs)`` once this commits.

    On commit, so a worker never picks up a job whose record or whose cause (a corrected
    doom track, say) is not yet visible to it -- or was rolled back. Robustly: the write
    that started the job is committed, so a queue that cannot be reached (Redis down) is
    logged, never raised into the answer; the job stays queued without a task id and
    ``jobs_sweep`` enqueues it again later.
    """
    job = Job.objects.create(
        kind=kind,
        description=description[:200],
        started_by=user if user else None,
        task_path=task.module_path,
        task_kwargs=kwargs,
    )
    transaction.on_commit(lambda: job_enqueue(job.pk, task, kwargs), robust=True)
    return job


def job_run(job_id: int, work: Callable[[Progress], str], *, atomic: bool = True) -> str:
    """Run ``work`` for job ``job_id`` in one transaction, recording how it went.

    Returns the work's summary line; an error is recorded with its reason and raised
    again, so the task backend records the failure too. Work that writes nothing to the
    database (an export writes a file) runs with ``atomic=False``. A worker starting a
    job first sweeps the jobs other workers left running when they died.
    """
    jobs_sweep()
    jobs = Job.objects.filter(pk=job_id)
    now = timezone.now()
    jobs.update(status=JobStatus.RUNNING, started_at=now, heartbeat_at=now, error="")
    live = Live(job_id)
    try:
        with live, transaction.atomic() if atomic else nullcontext():
            result = work(live.progress)
    except Exception as error:
        logger.exception("Job %s failed", job_id)
        jobs.update(
            status=JobStatus.FAILED,
            error=f"{type(error).__name__}: {error}"[:2000],
            finished_at=timezone.now(),
        )
        raise
    count = {"done": live.count[0], "total": live.count[1]} if live.count else {}
    jobs.update(status=JobStatus.DONE, result=result[:200], finished_at=timezone.now(), **count)
    return result
