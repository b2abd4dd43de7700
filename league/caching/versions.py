"""Versions in the shared cache: tokens that a committed change replaces.

* **The league version** (``league:version``) changes with every public change: the API's
  Last-Modified and ETag read it.
* **Subject versions** (``league.caching.subjects``): ``league:v:all``, which every page is
  keyed by and rare admin writes replace, and one per subject (a player, an Ancient One,
  the lists, ...), which a public game write replaces for just the subjects it touched.
  A page is cached under the versions of what it shows (``league.caching.page_cache``), so
  replacing one retires exactly those pages, in every worker and on every app server that
  shares the cache.

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
* One transaction queues one bump, which gathers what every change in it touched; a change
  that names no subjects (``rows=None``) makes it a bump of everything.
"""

from __future__ import annotations

import datetime
import time
import uuid
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

from games.summaries.contribution import Key
from league.caching.subjects import ALL_KEY, MOST_SUBJECTS, touched, write_keys

VERSION_KEY = "league:version"


def new_token() -> str:
    return f"{time.time_ns()}.{uuid.uuid4().hex}"


def token_seconds(token: str) -> float:
    """When ``token`` was made, in seconds since the epoch."""
    return int(token.partition(".")[0]) / 1e9


def shared(key: str) -> str | None:
    """The version at ``key`` as every worker sees it; a new one if the cache has none.

    ``add`` only writes while the key is missing, so workers that find it missing at the
    same moment agree on the first token written. ``None`` when the cache keeps nothing
    (it does not answer): no token is shared then, so nothing may be cached under one.
    """
    token = cache.get(key)
    if token is not None:
        return token
    fresh = new_token()
    if cache.add(key, fresh, timeout=None):
        return fresh
    return cache.get(key)


def league_version_shared() -> str | None:
    """The current league version (``shared``)."""
    return shared(VERSION_KEY)


def league_version() -> str:
    """The current league version; while the cache keeps nothing, a new token each time
    (it dates the API's answers as changed now, so no client keeps a stale copy)."""
    return league_version_shared() or new_token()


def versions_bump(keys: Iterable[str] | None = None) -> str:
    """Replace the league version and these versions now (``None``: every page's, so every
    page cached so far is stale). Returns the new token."""
    token = new_token()
    names = {VERSION_KEY, ALL_KEY} if keys is None else {VERSION_KEY, *keys}
    cache.set_many(dict.fromkeys(names, token), timeout=None)
    return token


def league_version_bump() -> str:
    """Replace every version now: every page cached so far is stale."""
    return versions_bump(None)


def retire(rows: Iterable[Key] | None = None, games: Iterable[int] = ()) -> str:
    """Bump the versions of what these summary rows and games show (``None``: all)."""
    callback = _BumpAfterCommit()
    callback.gather(rows, games)
    return callback()


class _BumpAfterCommit:
    """The after-commit callback: gathers the subjects the transaction's changes touched
    (``None``: every page), so a transaction queues just one; knows whether it ran."""

    def __init__(self) -> None:
        self.ran = False
        self.ids: dict[str, set[int]] | None = {}
        self.games: set[int] = set()
        # Django names a robust callback that failed by its ``__qualname__`` in the log.
        self.__qualname__ = "league_version_bump"

    def gather(self, rows: Iterable[Key] | None, games: Iterable[int]) -> None:
        if rows is None or self.ids is None:
            self.ids = None
            return
        for kind, pks in touched(rows).items():
            self.ids.setdefault(kind, set()).update(pks)
        self.games.update(games)
        if sum(map(len, self.ids.values())) + len(self.games) > MOST_SUBJECTS:
            self.ids = None

    def __call__(self) -> str:
        self.ran = True
        return versions_bump(None if self.ids is None else write_keys(self.ids, self.games))


def league_version_bump_after_commit(
    using: str | None = None, *, rows: Iterable[Key] | None = None, games: Iterable[int] = ()
) -> None:
    """Bump once the current transaction on ``using`` commits (at once in autocommit): the
    versions of what ``rows`` (summary rows) and ``games`` show, or with ``rows=None`` every
    version.

    One bump per transaction is enough however many rows it writes: a callback still
    waiting gathers this change too. A rolled-back transaction drops its callback, and so
    bumps nothing.
    """
    connection = transaction.get_connection(using)
    if connection.in_atomic_block:
        for _, callback, _ in connection.run_on_commit:
            if isinstance(callback, _BumpAfterCommit) and not callback.ran:
                callback.gather(rows, games)
                return
    callback = _BumpAfterCommit()
    callback.gather(rows, games)
    # Robust: the change is committed whatever happens here, and the callbacks queued after
    # this one (the submitter's e-mail) must still run.
    transaction.on_commit(callback, using=using, robust=True)


def league_version_changed_at(token: str) -> datetime.datetime:
    """When ``token`` was made: the time the league last changed."""
    nanoseconds = int(token.partition(".")[0])
    return datetime.datetime.fromtimestamp(0, datetime.UTC) + datetime.timedelta(
        microseconds=nanoseconds // 1000
    )
