"""Who is asking, and how often: the client address, and per-address limits on the account
pages that cost something when hammered (signing up, a password reset); log-in failures
are django-axes'."""

from __future__ import annotations

import functools
import ipaddress
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render

from league.caching.outage import guarded


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address, proxies) -> bool:
    return any(address in network for network in proxies)


def client_address(request) -> str:
    """The one answer to "who is asking?" for log-in lockouts, rate limits and the API.

    Only when ``REMOTE_ADDR`` is one of our proxies (``LEAGUE_TRUSTED_PROXIES``) is
    X-Forwarded-For read, from the right: the first address that is not ours is the
    client; anything further left was written by the client.
    """
    peer = request.META.get("REMOTE_ADDR", "")
    proxies = settings.LEAGUE_TRUSTED_PROXIES
    current = _address(peer)
    if current is None or not _trusted(current, proxies):
        return peer
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for entry in reversed(forwarded):
        hop = _address(entry)
        if hop is None:
            # Not an address: no proxy of ours wrote it, so the last hop we trust is the
            # nearest the client we can name.
            break
        current = hop
        if not _trusted(hop, proxies):
            break
    return str(current)


def _count(key: str, seconds: int) -> int:
    cache.add(key, 0, timeout=seconds)
    try:
        return cache.incr(key)
    except ValueError:  # evicted meanwhile: count it as the first
        cache.set(key, 1, timeout=seconds)
        return 1


@dataclass(frozen=True)
class Limit:  # at most ``attempts`` posts from one address in each window of ``seconds``
    scope: str
    attempts: int
    seconds: int

    @classmethod
    def named(cls, scope: str) -> Limit:
        attempts, seconds = settings.LEAGUE_THROTTLES[scope]
        return cls(scope, attempts, seconds)

    def hit(self, address: str, *, now: float | None = None) -> int | None:
        """Count one attempt; the seconds to wait if it is over the limit."""
        now = time.time() if now is None else now
        window = int(now // self.seconds)
        key = f"throttle:{self.scope}:{address}:{window}"
        # While the cache does not answer, every attempt counts as the first.
        count = guarded(lambda: _count(key, self.seconds), 1)
        if count <= self.attempts:
            return None
        return max(1, int((window + 1) * self.seconds - now))


def throttle_posts(scope: str):

    def decorate(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                wait = Limit.named(scope).hit(client_address(request))
                if wait is not None:
                    context = {"minutes": -(-wait // 60)}
                    response = render(request, "registration/throttled.html", context, status=429)
                    response["Retry-After"] = str(wait)
                    return response
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
