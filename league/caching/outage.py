"""A shared cache that does not answer is a cold cache, never an error page: the site's
cache calls go through ``guarded``. When it answers again, ``cache_recovered`` is sent
first (writes committed meanwhile could not retire the pages cached before). Only an
unreachable server's errors are absorbed.
"""

from __future__ import annotations

import logging
import time

from django.dispatch import Signal
from redis import exceptions as redis_errors

logger = logging.getLogger(__name__)

OUTAGE_ERRORS = (
    redis_errors.ConnectionError,
    redis_errors.TimeoutError,
    redis_errors.ReadOnlyError,
)
# Long enough that a hung server costs a worker one timeout now and then, short enough that
# caching resumes within seconds of Redis coming back.
RETRY_SECONDS = 2.0

cache_recovered = Signal()
down_since: float | None = None
next_try = 0.0


def guarded(operation, fallback=None):
    """``operation()``, or ``fallback`` while the shared cache does not answer."""
    global down_since, next_try
    if down_since is not None and time.monotonic() < next_try:
        return fallback
    try:
        if down_since is not None:
            cache_recovered.send(sender=None)  # raises again while the cache is still down
            logger.warning("The cache answers again after %.1f s.", time.monotonic() - down_since)
            down_since = None
        return operation()
    except OUTAGE_ERRORS as error:
        if down_since is None:
            down_since = time.monotonic()
            logger.error(
                "The cache does not answer (%s: %s): pages are served uncached and rate "
                "limits let requests through until it answers again.",
                type(error).__name__,
                error,
            )
        next_try = time.monotonic() + RETRY_SECONDS
        return fallback
