"""Django's database cache, with ``set_many`` and ``add`` as one statement each.

Every public game write replaces the versions of the subjects it touched (a player, their
team, an Ancient One, the standings of a season: some twenty keys, ``league.caching
.versions``) in one ``set_many``. Django's database cache stores each key on its own --
a count of the table, a read of the key and an insert or update, each key its own
transaction -- so on the embedded default one approval cost some sixty statements and
twenty commits, while the pages went on being read. Here the keys are written by one
``INSERT ... ON CONFLICT (cache_key) DO UPDATE`` (SQLite and PostgreSQL both have it),
then the same cull check Django makes (after the write, so that the transaction starts by
writing); a single ``set`` is the same statement.

``add`` is the render lock of a stale page (``league.caching.copies``): of many requests
at once exactly one may win it, and every loser must then see the winner's lock. Django's
``add`` reads the key and then inserts in one transaction; on SQLite two such transactions
collide at the upgrade from read to write, and the loser is refused at once ("database is
locked", which ``add`` answers ``False``) while the winner has not committed, so the loser
finds no lock, renders too, and a burst renders a page twice. Here ``add`` is one ``INSERT
... ON CONFLICT DO UPDATE ... WHERE`` the old row has expired, in autocommit: a single write
that waits its turn, wins iff it changed a row.

``get_many`` (and so ``get``) is the read of every page hit: Django's checks each key for
memcached's limits (a loop over its characters, for a warning), then converts and
compares every row's expiry in Python and deletes the expired ones. Here one SELECT asks
for the keys that have not expired (the cull removes the others, as it does in Django's),
and the keys are the league's own, not checked for memcached. ``touch`` is Django's own.
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, router, transaction
from django.utils.timezone import now as tz_now


class LeagueDatabaseCache(DatabaseCache):
    """``DatabaseCache`` whose ``set``, ``set_many`` and ``add`` are one write each."""

    def _expires(self, connection, timeout):
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            expires = datetime.max
        else:
            expires = datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        return connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))

    def _row(self, key, value, expires, version):
        key = self.make_and_validate_key(key, version=version)
        pickled = pickle.dumps(value, self.pickle_protocol)
        return (key, base64.b64encode(pickled).decode("latin1"), expires)

    def validate_key(self, key):
        # Django's warns about keys memcached could not hold; this cache is no memcached.
        return None

    def get_many(self, keys, version=None):
        if not keys:
            return {}
        key_map = {self.make_key(key, version=version): key for key in keys}
        db = router.db_for_read(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        now = connection.ops.adapt_datetimefield_value(tz_now())
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('cache_key')}, {quote('value')} FROM {quote(self._table)} "
                f"WHERE {quote('cache_key')} IN ({', '.join(['%s'] * len(key_map))}) "
                f"AND {quote('expires')} >= %s",
                [*key_map, now],
            )
            rows = cursor.fetchall()
        return {key_map[key]: pickle.loads(base64.b64decode(value.encode())) for key, value in rows}

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        if connection.vendor not in ("postgresql", "sqlite"):
            return super().add(key, value, timeout, version)
        row = self._row(key, value, self._expires(connection, timeout), version)
        now = connection.ops.adapt_datetimefield_value(tz_now().replace(microsecond=0))
        quote = connection.ops.quote_name
        table = quote(self._table)
        try:
            # Its own transaction (a savepoint within another), begun by the write itself.
            with transaction.atomic(using=db), connection.cursor() as cursor:
                cursor.execute(
                    f"INSERT INTO {table} ({quote('cache_key')}, {quote('value')}, "
                    f"{quote('expires')}) VALUES (%s, %s, %s) "
                    f"ON CONFLICT ({quote('cache_key')}) DO UPDATE SET "
                    f"{quote('value')} = excluded.{quote('value')}, "
                    f"{quote('expires')} = excluded.{quote('expires')} "
                    f"WHERE {table}.{quote('expires')} < %s",
                    [*row, now],
                )
                return cursor.rowcount == 1
        except DatabaseError:  # as Django's: a cache that cannot write adds nothing
            return False

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        if not data:
            return []
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        if connection.vendor not in ("postgresql", "sqlite"):
            return super().set_many(data, timeout, version)
        expires = self._expires(connection, timeout)
        rows = [self._row(key, value, expires, version) for key, value in data.items()]
        quote = connection.ops.quote_name
        table = quote(self._table)
        placeholders = ", ".join(["(%s, %s, %s)"] * len(rows))
        with transaction.atomic(using=db), connection.cursor() as cursor:
            # The write comes first: on SQLite a transaction that reads and then writes is
            # refused at once when another writer holds the lock (it cannot wait for a lock
            # it would deadlock on); one that starts by writing waits its turn.
            cursor.execute(
                f"INSERT INTO {table} ({quote('cache_key')}, {quote('value')}, "
                f"{quote('expires')}) VALUES {placeholders} "
                f"ON CONFLICT ({quote('cache_key')}) DO UPDATE SET "
                f"{quote('value')} = excluded.{quote('value')}, "
                f"{quote('expires')} = excluded.{quote('expires')}",
                [value for row in rows for value in row],
            )
            cursor.execute(f"SELECT COUNT(*) FROM {table}")
            count = cursor.fetchone()[0]
            if count > self._max_entries:
                self._cull(db, cursor, tz_now().replace(microsecond=0), count)
        return []

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        # Django's ``set`` reads before it writes (see ``set_many``), so SQLite refused it
        # whenever another write held the lock: a lost nav token or page. One upsert, which
        # waits its turn; a database that still refuses it loses the value, as Django's.
        try:
            self.set_many({key: value}, timeout, version)
        except DatabaseError:
            return None
