"""Who is asking, and how often: the client address and per-address rate limits.

Log-in failures are counted by django-axes (username and address, in the database). The
other account pages that cost something when hammered -- signing up creates rows, a
password reset sends mail -- get a plain per-address limit kept in Django's cache:
N posts per window, then 429 with a clear page until the window ends.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render


def client_address(request) -> str:
    """The client's address: ``REMOTE_ADDR``, or the one our own proxies recorded.

    Behind ``LEAGUE_TRUSTED_PROXIES`` reverse proxies, each appends the address it saw to
    X-Forwarded-For, so the client is that many entries from the right; anything further
    left was written by the client and cannot be trusted.
    """
    proxies = settings.LEAGUE_TRUSTED_PROXIES
    if proxies:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [address for address in forwarded if address]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR", "")


@dataclass(frozen=True)
class Limit:
    """At most ``attempts`` posts from one address in each window of ``seconds``."""

    scope: str
    attempts: int
    seconds: int

    @classmethod
    def named(cls, scope: str) -> Limit:
        attempts, seconds = settings.LEAGUE_THROTTLES[scope]
        return cls(scope, attempts, seconds)

    def hit(self, address: str, *, now: float | None = None) -> int | None:
        """Count one attempt; the seconds to wait if it is over the limit, else ``None``."""
        now = time.time() if now is None else now
        window = int(now // self.seconds)
        key = f"throttle:{self.scope}:{address}:{window}"
        cache.add(key, 0, timeout=self.seconds)
        try:
            count = cache.incr(key)
        except ValueError:  # evicted, or the cache does not answer: count it as the first
            cache.set(key, 1, timeout=self.seconds)
            count = 1
        if count <= self.attempts:
            return None
        return max(1, int((window + 1) * self.seconds - now))


def throttle_posts(scope: str):
    """Limit a view's POSTs per client address (settings ``LEAGUE_THROTTLES[scope]``)."""

    def decorate(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                wait = Limit.named(scope).hit(client_address(request))
                if wait is not None:
                    return throttled(request, wait)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate


def throttled(request, wait: int):
    """The 429 page: what happened and how long to wait."""
    minutes = -(-wait // 60)
    context = {"minutes": minutes}
    response = render(request, "registration/throttled.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
