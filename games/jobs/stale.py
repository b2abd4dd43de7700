"""Jobs left "running" by a worker that stopped (killed, out of memory, its machine gone).

A running job's heartbeat (``Job.heartbeat_at``) moves every few seconds while its worker
lives (``live.Live``). Its work runs in one transaction, which died with the worker: so a
job whose heartbeat is older than ``LEAGUE_JOB_STALE_SECONDS`` applied nothing, and
``jobs_sweep`` marks it failed saying so. The sweep runs when a worker starts a job, when
the admin's jobs or a download's page is shown, and from ``manage.py sweep_jobs``. It
also enqueues again the queued jobs the queue lost, or fails them (``queue``).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import Job, JobStatus
from .queue import jobs_requeue

STOPPED = _(
    "The worker running this job stopped before it finished; nothing of it was applied. "
    "Run it again."
)


def jobs_sweep() -> int:
    """Mark running jobs whose heartbeat is stale as failed, and hand the queue again the
    queued jobs it does not hold (``queue.jobs_requeue``); returns how many jobs moved."""
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
