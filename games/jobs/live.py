"""A running job's count and heartbeat, seen by other connections while it runs.

A job's work runs in one transaction (``runner.job_run``): what it writes there is seen
only when it ends, and a write of the job's own row there would keep that row locked until
then. So ``Live`` writes the job's count (rows done of the total) and its heartbeat
(``Job.heartbeat_at``) from a thread beside the work, over that thread's own connection in
autocommit: at most every ``EVERY`` seconds when the count moved, and every ``HEARTBEAT``
seconds whatever it does. The thread dies with its worker, so a job whose heartbeat has
stopped was left by a dead worker (``stale.jobs_sweep``). The work's transaction never
writes the job's row, so the two never wait on each other.

SQLite lets one connection write at a time, and the job's transaction is that one: there
the count and heartbeat are written with the job's transaction, seen at its end (and a
sweep cannot write while that transaction is open, so it leaves such a job alone).
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.utils import timezone

from .models import Job, JobStatus

logger = logging.getLogger(__name__)

EVERY = 0.5
HEARTBEAT = 10.0


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
