"""Django's database cache, with ``set_many`` as one statement.

Every public game write replaces the versions of the subjects it touched (a player, their
team, an Ancient One, the standings of a season: some twenty keys, ``league.caching
.versions``) in one ``set_many``. Django's database cache stores each key on its own --
a count of the table, a read of the key and an insert or update, each key its own
transaction -- so on the embedded default one approval cost some sixty statements and
twenty commits, while the pages went on being read. Here the keys are written by one
``INSERT ... ON CONFLICT (cache_key) DO UPDATE`` (SQLite and PostgreSQL both have it),
after the same cull check Django makes before a write; anything else (``add``, ``touch``,
a single ``set``, reads) is Django's own.
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now


class LeagueDatabaseCache(DatabaseCache):
    """``DatabaseCache`` whose ``set_many`` writes every key in one upsert."""

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        if not data:
            return []
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        if connection.vendor not in ("postgresql", "sqlite"):
            return super().set_many(data, timeout, version)
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            expires = datetime.max
        else:
            expires = datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        expires = connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))
        rows = []
        for key, value in data.items():
            key = self.make_and_validate_key(key, version=version)
            pickled = pickle.dumps(value, self.pickle_protocol)
            rows.append((key, base64.b64encode(pickled).decode("latin1"), expires))
        quote = connection.ops.quote_name
        table = quote(self._table)
        placeholders = ", ".join(["(%s, %s, %s)"] * len(rows))
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM {table}")
            count = cursor.fetchone()[0]
            if count > self._max_entries:
                self._cull(db, cursor, tz_now().replace(microsecond=0), count)
            cursor.execute(
                f"INSERT INTO {table} ({quote('cache_key')}, {quote('value')}, "
                f"{quote('expires')}) VALUES {placeholders} "
                f"ON CONFLICT ({quote('cache_key')}) DO UPDATE SET "
                f"{quote('value')} = excluded.{quote('value')}, "
                f"{quote('expires')} = excluded.{quote('expires')}",
                [value for row in rows for value in row],
            )
        return []
