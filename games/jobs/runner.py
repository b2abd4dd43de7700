"""Start a job (a record, then a task on commit) and run one (status, progress, error).

A job's work runs in one transaction: a failure or a killed worker rolls it all back, so
a job is applied whole or not at all and running it again is safe. What the work writes
there is seen only when it ends, and a write of the job's own row there would keep that
row locked until then. So ``Live`` writes the job's count (rows done of the total) and
its heartbeat (``Job.heartbeat_at``) from a thread beside the work, over that thread's own
connection in autocommit: at most every ``EVERY`` seconds when the count moved, and every
``HEARTBEAT`` seconds whatever it does. The thread dies with its worker, so a job whose
heartbeat has stopped was left by a dead worker (``stale.jobs_sweep``).

SQLite lets one connection write at a time, and the job's transaction is that one: there
the count and heartbeat are written with the job's transaction, seen at its end (and a
sweep cannot write while that transaction is open, so it leaves such a job alone).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from contextlib import nullcontext

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.utils import timezone
from django_scopes import scopes_disabled
from django_tasks import task

from .models import Job, JobStatus
from .stale import job_enqueue, jobs_sweep

logger = logging.getLogger(__name__)

# Called by the work as it goes: (rows done, rows in all).
Progress = Callable[[int, int], None]
EVERY = 0.5
HEARTBEAT = 10.0


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


def job_task(*, atomic: bool = True):
    """Make ``work(job_id, progress, **kwargs) -> summary`` the task of its kind of job:
    ``task.enqueue(job_id, **kwargs)`` runs it through ``job_run``, with league scopes off
    (a job reads every league it needs)."""

    def decorate(work: Callable[..., str]):
        @functools.wraps(work)  # the task's path is the work's own: jobs store it
        def run(job_id: int, **kwargs) -> str:
            with scopes_disabled():
                return job_run(job_id, lambda live: work(job_id, live, **kwargs), atomic=atomic)

        return task()(run)

    return decorate


class Live:
    """``progress(done, total)`` for a job's work; a context manager around the work."""

    def __init__(self, job_id: int):
        self.job_id = job_id
        self.count: tuple[int, int] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if connections[DEFAULT_DB_ALIAS].vendor != "sqlite":
            self._thread = threading.Thread(target=self._beat, name=f"job-{job_id}", daemon=True)

    def progress(self, done: int, total: int) -> None:
        self.count = (done, total)
        if self._thread is None:
            self._write({"done": done, "total": total})

    def __enter__(self) -> Live:
        if self._thread is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()

    def _write(self, fields: dict) -> None:
        fields["heartbeat_at"] = timezone.now()
        Job.objects.filter(pk=self.job_id, status=JobStatus.RUNNING).update(**fields)

    def _beat(self) -> None:
        written, beaten = None, time.monotonic()
        try:
            while not self._stop.wait(EVERY):
                count, now = self.count, time.monotonic()
                if count == written and now - beaten < HEARTBEAT:
                    continue
                self._write({"done": count[0], "total": count[1]} if count else {})
                written, beaten = count, now
        except DatabaseError:
            # The count is written when the job ends; a heartbeat missed for long enough
            # lets the job be swept as stopped, which is why this is logged.
            logger.exception("Job %s: its heartbeat stopped", self.job_id)
        finally:
            connections[DEFAULT_DB_ALIAS].close()  # this thread's own connection
