"""The files export jobs write: where they live, and how long.

Each file sits in the project's own folder (``LEAGUE_EXPORT_DIR``, never the machine's
shared temporary folder) under a name no one can guess, is written as ``<name>.part`` and
renamed once complete (a half-written file is never handed out), and is deleted
``LEAGUE_EXPORT_MAX_AGE`` seconds after it was written: by ``exports_sweep``, which every
new export job and ``manage.py sweep_exports`` run.
"""

from __future__ import annotations

import datetime
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import Job, JobStatus, Kind
from .stale import jobs_sweep

# What a stored file's name looks like: nothing else names a file, so no path escapes.
FILE_NAME = re.compile(r"^[0-9]+-[A-Za-z0-9_-]{16,64}\.(csv|xlsx)$")
PART = ".part"
INTERRUPTED = _("Interrupted: the worker stopped before the file was written. Ask again.")


def export_folder() -> Path:
    folder = Path(settings.LEAGUE_EXPORT_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def export_file_name(job_id: int, suffix: str) -> str:
    return f"{job_id}-{secrets.token_urlsafe(16)}.{suffix}"


def export_file_write(job_id: int, suffix: str, write: Callable[[Path], str]) -> None:
    """The job's file: ``write(part)`` fills ``<name>.part`` and returns the name it is
    downloaded under; renamed once complete, then named on the job with its expiry."""
    name = export_file_name(job_id, suffix)
    final = export_path(name)
    part = final.with_name(final.name + PART)
    try:
        download_name = write(part)
        part.rename(final)
    finally:
        part.unlink(missing_ok=True)
    Job.objects.filter(pk=job_id).update(
        file_name=name, download_name=download_name, expires_at=export_expiry()
    )


def export_path(name: str) -> Path:
    if not FILE_NAME.match(name):
        raise ValueError("not an export file name")
    return export_folder() / name


def export_expiry() -> datetime.datetime:
    return timezone.now() + datetime.timedelta(seconds=settings.LEAGUE_EXPORT_MAX_AGE)


def exports_sweep() -> int:
    """Delete expired export files (and forget them on their jobs), files no job names
    any more (a worker stopped mid-write), and mark export jobs running past the files'
    lifetime, or whose worker stopped (``stale.jobs_sweep``), as failed; returns how many
    files went."""
    jobs_sweep()
    now = timezone.now()
    expired = Job.objects.filter(kind=Kind.EXPORT, expires_at__lt=now).exclude(file_name="")
    removed = 0
    for name in expired.values_list("file_name", flat=True):
        export_path(name).unlink(missing_ok=True)
        removed += 1
    expired.update(file_name="")
    lifetime = datetime.timedelta(seconds=settings.LEAGUE_EXPORT_MAX_AGE)
    Job.objects.filter(
        kind=Kind.EXPORT,
        status__in=[JobStatus.QUEUED, JobStatus.RUNNING],
        created_at__lt=now - lifetime,
    ).update(status=JobStatus.FAILED, error=INTERRUPTED, finished_at=now)
    kept = set(
        Job.objects.filter(kind=Kind.EXPORT)
        .exclude(file_name="")
        .values_list("file_name", flat=True)
    )
    oldest = time.time() - settings.LEAGUE_EXPORT_MAX_AGE
    for path in export_folder().iterdir():
        try:
            if path.name not in kept and path.stat().st_mtime < oldest:
                path.unlink()
                removed += 1
        except FileNotFoundError:
            continue  # another process swept it first
    return removed
