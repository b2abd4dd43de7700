"""Uploaded results files kept between the admin's preview and its confirmation.

They live in the project's own folder (``LEAGUE_UPLOAD_DIR``), under a random token only
the uploader's session knows, and are deleted once used; an upload nobody confirmed is
removed after ``LEAGUE_UPLOAD_MAX_AGE`` by the next upload or ``sweep_uploads``.
"""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

# What a token looks like: nothing else names a file, so no path can escape the folder.
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}\.(csv|xlsx)$")


def upload_folder() -> Path:
    folder = Path(settings.LEAGUE_UPLOAD_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def upload_path(token: str) -> Path:
    if not TOKEN.match(token):
        raise ValueError("not an upload token")
    return upload_folder() / token


def upload_store(upload: UploadedFile, suffix: str) -> str:
    """Keep ``upload`` and return its token; stale uploads are swept first."""
    uploads_sweep()
    token = secrets.token_urlsafe(16) + suffix
    with upload_path(token).open("wb") as stored:
        for chunk in upload.chunks():
            stored.write(chunk)
    return token


def upload_forget(token: str) -> None:
    upload_path(token).unlink(missing_ok=True)


def uploads_sweep() -> int:
    """Delete the uploads older than ``LEAGUE_UPLOAD_MAX_AGE``; returns how many went."""
    oldest = time.time() - settings.LEAGUE_UPLOAD_MAX_AGE
    removed = 0
    for path in upload_folder().iterdir():
        try:
            if path.is_file() and path.stat().st_mtime < oldest:
                path.unlink()
                removed += 1
        except FileNotFoundError:
            continue  # another worker swept it first
    return removed
