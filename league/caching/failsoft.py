"""Django's Redis cache, made so that an outage of Redis is never an error page.

The cache only ever holds what can be rebuilt (the league version, rendered pages, rate-limit
counts), so while Redis does not answer the cache behaves as an empty one that keeps nothing:
reads miss (``get`` gives the default, ``get_many`` nothing, ``incr`` the missing key's
``ValueError``) and writes are dropped. Every caller already copes with a cold cache, so a
game that was committed answers as it always does, and its e-mail goes out.

* **Logged once per outage**, per process: the first failure is an error in the log, the
  recovery a warning with how long it lasted and how many operations went without the cache;
  the requests in between log nothing.
* **No hung workers.** After a failure the process stops asking Redis for ``retry_seconds``
  (an ``OPTIONS`` entry of this backend; the rest go to redis-py's connection pool, where
  the settings give short socket timeouts): a stopped server costs one timeout per process
  per interval, not one per cache call.
* **Recovery** is confirmed with a ``PING`` before the first real operation, then
  ``cache_recovered`` is sent: writes committed during the outage could not retire the pages
  cached before it, so the league version is replaced then (``league.caching.invalidation``).

Only the errors of an unreachable server (connection refused or lost, timeouts, a replica
that cannot write) are absorbed; any other error is a bug and still raises.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.dispatch import Signal
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ReadOnlyError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

OUTAGE_ERRORS = (RedisConnectionError, RedisTimeoutError, ReadOnlyError)
# Long enough that a stopped server costs a worker one timeout now and then, short enough
# that caching resumes within a couple of seconds of Redis coming back.
RETRY_SECONDS = 2.0

# Sent once per process when the cache answers again after an outage (``cache``: the backend).
cache_recovered = Signal()


class Outage:
    """Whether one cache server answers, as one process sees it (shared by its threads)."""

    def __init__(self, retry_seconds: float) -> None:
        self.retry_seconds = retry_seconds
        self._lock = threading.Lock()
        self.down_since: float | None = None
        self._next_probe = 0.0
        self.skipped = 0

    def admit(self) -> bool | None:
        """``None``: the server is up, go ahead; ``True``: down, but probe it now (one
        caller per interval); ``False``: down, do without the cache."""
        if self.down_since is None:
            return None
        with self._lock:
            if self.down_since is None:
                return None
            now = time.monotonic()
            if now < self._next_probe:
                self.skipped += 1
                return False
            self._next_probe = now + self.retry_seconds
            return True

    def failed(self, error: Exception) -> None:
        """Record a failure; the first of an outage is logged."""
        with self._lock:
            now = time.monotonic()
            first = self.down_since is None
            if first:
                self.down_since = now
                self.skipped = 1
            else:
                self.skipped += 1
            self._next_probe = now + self.retry_seconds
        if first:
            logger.error(
                "The cache does not answer (%s: %s): pages are served uncached and rate "
                "limits let requests through until it answers again.",
                type(error).__name__,
                error,
            )

    def recovered(self) -> None:
        """Record that the server answers again, and log how long it did not."""
        with self._lock:
            if self.down_since is None:
                return
            seconds = time.monotonic() - self.down_since
            skipped = self.skipped
            self.down_since = None
        logger.warning(
            "The cache answers again after %.1f s; %d operations went without it.",
            seconds,
            skipped,
        )


_outages: dict[str, Outage] = {}
_outages_lock = threading.Lock()


def outage_for(location: str, retry_seconds: float) -> Outage:
    """The process-wide state of the server at ``location``: Django builds one backend per
    thread, and an outage is the same for all of them."""
    with _outages_lock:
        if location not in _outages:
            _outages[location] = Outage(retry_seconds)
        outage = _outages[location]
        outage.retry_seconds = retry_seconds
        return outage


def _missing(key: str) -> Callable[[], Any]:
    def fallback():
        raise ValueError(f"Key '{key}' not found (the cache does not answer).")

    return fallback


class ReusedClient(RedisCacheClient):
    """Django's Redis client maker, keeping one ``redis.Redis`` per connection pool.

    Django makes a new ``redis.Redis`` for every operation, and each builds its table of
    some eighty reply handlers: a tenth of a millisecond per cache call, four calls on a
    member's cached page. A ``redis.Redis`` is safe to share (its pool hands each command
    a connection), so one per pool is kept."""

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_clients", {})
        client = clients.get(id(pool))
        if client is None:
            client = clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FailSoftRedisCache(RedisCache):
    """``RedisCache`` whose operations, while Redis does not answer, act on an empty cache."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        retry_seconds = float(options.pop("retry_seconds", RETRY_SECONDS))
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ReusedClient
        location = server if isinstance(server, str) else ",".join(server)
        self.outage = outage_for(location, retry_seconds)

    def _soft(self, fallback: Callable[[], Any], operation: Callable[[], Any]) -> Any:
        admitted = self.outage.admit()
        if admitted is False:
            return fallback()
        try:
            if admitted:
                self._cache.get_client(write=True).ping()
                self.outage.recovered()
                self._announce_recovery()
            return operation()
        except OUTAGE_ERRORS as error:
            self.outage.failed(error)
            return fallback()

    def _announce_recovery(self) -> None:
        for receiver, result in cache_recovered.send_robust(sender=type(self), cache=self):
            if isinstance(result, Exception):
                logger.error(
                    "Could not finish recovering the cache in %r.", receiver, exc_info=result
                )

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: False, lambda: RedisCache.add(self, key, value, timeout, version))

    def get(self, key, default=None, version=None):
        return self._soft(lambda: default, lambda: RedisCache.get(self, key, default, version))

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: None, lambda: RedisCache.set(self, key, value, timeout, version))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(lambda: False, lambda: RedisCache.touch(self, key, timeout, version))

    def delete(self, key, version=None):
        return self._soft(lambda: False, lambda: RedisCache.delete(self, key, version))

    def get_many(self, keys, version=None):
        return self._soft(dict, lambda: RedisCache.get_many(self, keys, version))

    def has_key(self, key, version=None):
        return self._soft(lambda: False, lambda: RedisCache.has_key(self, key, version))

    def incr(self, key, delta=1, version=None):
        return self._soft(_missing(key), lambda: RedisCache.incr(self, key, delta, version))

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft(
            lambda: list(data), lambda: RedisCache.set_many(self, data, timeout, version)
        )

    def delete_many(self, keys, version=None):
        return self._soft(lambda: None, lambda: RedisCache.delete_many(self, keys, version))

    def clear(self):
        return self._soft(lambda: False, lambda: RedisCache.clear(self))
