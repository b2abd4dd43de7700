"""A job's count of rows done, seen by other connections while the job still runs.

A job's work runs in one transaction (``runner.job_run``), so a count written there is
seen only when the job ends. ``LiveProgress`` writes it over a connection of its own, in
autocommit, at most every ``EVERY`` seconds, so the job's admin page shows it as it
moves. The job's transaction never writes the job's row meanwhile (its last count is
written by ``done`` after this connection is closed), so the two never wait on each other.

SQLite lets one connection write at a time, and the job's transaction is that one: there
the count is written with the job's transaction, as every job's is (seen at its end).
"""

from __future__ import annotations

import time

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from .models import Job
from .runner import Progress

EVERY = 0.5


class LiveProgress:
    """``progress(done, total)`` for a job's work; ``done(done, total)`` at its end."""

    def __init__(self, job_id: int, progress: Progress):
        self.job_id = job_id
        self.progress = progress
        self._written = 0.0
        self._connection = None
        if connections[DEFAULT_DB_ALIAS].vendor != "sqlite":
            self._connection = connections.create_connection(DEFAULT_DB_ALIAS)

    def __call__(self, done: int, total: int) -> None:
        if self._connection is None:
            return
        now = time.monotonic()
        if now - self._written < EVERY:
            return
        self._written = now
        table = self._connection.ops.quote_name(Job._meta.db_table)
        try:
            with self._connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {table} SET done = %s, total = %s WHERE id = %s",
                    [done, total, self.job_id],
                )
        except DatabaseError:
            self.close()  # the count will be written at the end instead

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def done(self, done: int, total: int) -> None:
        """The final count, with the job's own transaction."""
        self.close()
        self.progress(done, total)
