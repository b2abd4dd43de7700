"""The league version: one token, in the shared cache, that every approved change replaces.

Pages are cached under this token (``league.caching.page_cache``), so replacing it retires every
cached page at once, in every worker process and on every app server that shares the cache.

Why a fresh random token in the cache, set after commit, and not a counter row:

* A row updated inside every writing transaction would be locked until that transaction
  commits: every writer would queue behind it, and a writer that also creates a player can
  deadlock with another taking the same two locks in the other order.
* So the bump runs after commit (``transaction.on_commit``), in autocommit, as one plain
  ``cache.set``. Readers that rendered between the commit and the bump cached their page
  under the old token, which is never read again once the bump lands.
* Each bump writes ``<time_ns>.<uuid4>``: two bumps that race both write a value never seen
  before, and whichever lands last wins, so no increment has to be atomic (the database
  cache's ``incr`` is not). A missing key -- culled, evicted, or the cache flushed -- is
  replaced by a new token too, never by an old one, so a lost version costs misses only.
* The token carries the moment it was made, which is when the league last changed: the
  API's Last-Modified and ETag read it here instead of aggregating over every game.
"""

from __future__ import annotations

import datetime
import time
import uuid

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "league:version"


def _new_token() -> str:
    return f"{time.time_ns()}.{uuid.uuid4().hex}"


def league_version_shared() -> str | None:
    """The current league version as every worker sees it; a new one if the cache has none.

    ``add`` only writes while the key is missing, so workers that find it missing at the
    same moment agree on the first token written. ``None`` when the cache keeps nothing
    (it does not answer): no token is shared then, so nothing may be cached under one.
    """
    token = cache.get(VERSION_KEY)
    if token is not None:
        return token
    fresh = _new_token()
    if cache.add(VERSION_KEY, fresh, timeout=None):
        return fresh
    return cache.get(VERSION_KEY)


def league_version() -> str:
    """The current league version; while the cache keeps nothing, a new token each time
    (it dates the API's answers as changed now, so no client keeps a stale copy)."""
    return league_version_shared() or _new_token()


def league_version_bump() -> str:
    """Replace the version now: every page cached so far is stale. Returns the new token."""
    token = _new_token()
    cache.set(VERSION_KEY, token, timeout=None)
    return token


class _BumpAfterCommit:
    """The after-commit callback; knows whether it ran, so a transaction queues just one."""

    def __init__(self) -> None:
        self.ran = False
        # Django names a robust callback that failed by its ``__qualname__`` in the log.
        self.__qualname__ = "league_version_bump"

    def __call__(self) -> None:
        self.ran = True
        league_version_bump()


def league_version_bump_after_commit(using: str | None = None) -> None:
    """Bump once the current transaction on ``using`` commits (at once in autocommit).

    One bump per transaction is enough however many rows it writes: a callback still
    waiting is not queued again. A rolled-back transaction drops its callback, and so bumps
    nothing.
    """
    connection = transaction.get_connection(using)
    if connection.in_atomic_block and any(
        isinstance(callback, _BumpAfterCommit) and not callback.ran
        for _, callback, _ in connection.run_on_commit
    ):
        return
    # Robust: the change is committed whatever happens here, and the callbacks queued after
    # this one (the submitter's e-mail) must still run.
    transaction.on_commit(_BumpAfterCommit(), using=using, robust=True)


def league_version_changed_at(token: str) -> datetime.datetime:
    """When ``token`` was made: the time the league last changed."""
    nanoseconds = int(token.partition(".")[0])
    return datetime.datetime.fromtimestamp(0, datetime.UTC) + datetime.timedelta(
        microseconds=nanoseconds // 1000
    )
