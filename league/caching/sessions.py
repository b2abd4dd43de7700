"""Sessions kept in the database and in the shared cache, read with the page in one call.

Django's ``cached_db`` engine: every session is written to the database and to the cache
(so neither a cache outage nor a culled entry signs anyone out: the database answers),
and read from the cache first. What it adds: a member's cached page needs the session,
the navigation's facts and the page, and the session's cache entry is named by the cookie
alone, so ``league.caching.nav_facts`` asks for it in the same ``get_many`` as the rest
and hands it over here (``prime``): a member's hit costs one cache call and no query,
on Redis and on the database cache alike.
"""

from __future__ import annotations

from django.contrib.sessions.backends import cached_db


class SessionStore(cached_db.SessionStore):
    def prefetch_key(self) -> str | None:
        """The cache key of this session's data; ``None`` when the request named none."""
        key = self.session_key
        return f"{self.cache_key_prefix}{key}" if key else None

    def prime(self, data) -> None:
        """Take ``data`` (this session's cache entry, read with other keys) as what
        ``load()`` would have read from the cache, unless the session was loaded already.
        ``None`` (not in the cache): ``load()`` asks the cache and the database itself."""
        if data is not None and not hasattr(self, "_session_cache"):
            # SessionBase keeps the loaded session here; load() fills it the same way.
            self._session_cache = data
