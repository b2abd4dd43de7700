"""Versions in the shared cache: tokens that a committed change replaces.

``league:version`` (the API's Last-Modified and ETag) takes a fresh ``<time_ns>.<uuid4>``
token after commit and the subjects' versions are deleted for their next reader to remake:
no writer waits on a counter row, racing bumps need no atomic increment, and a lost key is
replaced by a new token, never an old one.
"""

from __future__ import annotations

import datetime
import threading
import time
import uuid
from collections.abc import Iterable

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, transaction

from games.summaries.contribution import Key
from league.caching.outage import guarded
from league.caching.subjects import ALL_KEY, league_key, touched, write_keys

VERSION_KEY = "league:version"
# Per thread and database: what the changes of the transaction under way touched.
waiting = threading.local()


def new_token() -> str:
    return f"{time.time_ns()}.{uuid.uuid4().hex}"


def shared(key: str) -> str:
    """A new version if the cache has none (``add`` writes only a missing key: workers
    finding it missing agree on the first)."""
    token = cache.get(key)
    if token is None:
        fresh = new_token()
        token = fresh if cache.add(key, fresh, timeout=None) else cache.get(key, fresh)
    return token


def league_version() -> str:
    """The current league version; while the cache does not answer, a new token each time
    (it dates the API's answers as changed now, so no client keeps a stale copy)."""
    return guarded(lambda: shared(VERSION_KEY)) or new_token()


def current(names: Iterable[str], found: dict) -> tuple[str, ...]:
    """The versions ``names`` now, from ``found`` (a ``get_many`` answer that asked for
    them): a lost one (culled, evicted, flushed) is replaced by a new one, never an old one."""
    return tuple(found.get(name) or shared(name) for name in names)


def rules_versions(league: int) -> str | None:
    """The versions a change to ``league``'s own rows (a scenario, its tasks) or to the
    catalog replaces, and no game does; ``None`` while the cache does not answer."""
    names = [ALL_KEY, league_key(league)]
    return guarded(lambda: "|".join(current(names, cache.get_many(names))))


def versions_bump(keys: Iterable[str] | None = None) -> str:
    """Replace the league version and retire these versions (``None``: every page's).

    Deleted, not replaced: a version nobody reads is never written, and one
    ``delete_many`` is one query on the database cache (its ``set_many`` takes five a key).
    """
    token = new_token()
    if keys is None:  # rare (admin writes): the version every page reads is replaced
        cache.set_many(dict.fromkeys([VERSION_KEY, ALL_KEY], token), timeout=None)
    else:
        cache.delete_many(set(keys) - {VERSION_KEY})
        cache.set(VERSION_KEY, token, timeout=None)
    return token


def league_version_bump() -> str:
    return versions_bump(None)


def retire(
    rows: Iterable[Key] | None = None, games: Iterable[int] = (), leagues: Iterable[int] = ()
) -> str:
    """``rows=None`` without leagues: retire everything."""
    rows, leagues = (None if rows is None else list(rows)), set(leagues)
    if rows is None and not leagues:
        return versions_bump(None)
    keys = {league_key(league) for league in leagues}
    if rows is not None and (rows or games or not leagues):
        named = write_keys(touched(rows), games)
        if named is None:
            return versions_bump(None)
        keys |= named
    return versions_bump(keys)


def league_version_bump_after_commit(
    using: str | None = None,
    *,
    rows: Iterable[Key] | None = None,
    games: Iterable[int] = (),
    league: int | None = None,
) -> None:
    """After the transaction on ``using`` commits, retire what ``rows`` (summary rows) and
    ``games`` show; ``rows=None``: every page of ``league`` (an id), else of every league.

    A transaction's changes are gathered and bumped by its first callback. What a
    rolled-back one gathered goes with the thread's next commit (a page retired once too
    often, never one kept too long).
    """
    alias = using or DEFAULT_DB_ALIAS
    # (summary rows, or None once everything is retired; games; leagues retired whole)
    so_far, games_so_far, leagues = vars(waiting).setdefault(alias, ([], set(), set()))
    if so_far is None:
        pass  # everything is retired already
    elif rows is None and league is not None:
        leagues.add(league)
    elif rows is None:
        vars(waiting)[alias] = (None, games_so_far, set())
    else:
        so_far.extend(rows)
    games_so_far.update(games)

    def bump_waiting() -> None:
        changes = vars(waiting).pop(alias, None)
        if changes is not None:  # else an earlier callback of this commit bumped it all
            guarded(lambda: retire(*changes))

    # Robust: the change is committed whatever happens here, and the callbacks queued after
    # this one (the submitter's e-mail) must still run.
    transaction.on_commit(bump_waiting, using=using, robust=True)


def league_version_changed_at(token: str) -> datetime.datetime:
    nanoseconds = int(token.partition(".")[0])
    return datetime.datetime.fromtimestamp(0, datetime.UTC) + datetime.timedelta(
        microseconds=nanoseconds // 1000
    )
