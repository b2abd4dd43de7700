"""The embedded cache (``league.caching.database``): ``set_many`` is one upsert."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.caching.database import LeagueDatabaseCache

pytestmark = pytest.mark.django_db


def cache_of(**options) -> LeagueDatabaseCache:
    return LeagueDatabaseCache("league_cache", {"OPTIONS": options, "KEY_PREFIX": "t"})


def test_set_many_stores_replaces_and_expires():
    cache = cache_of()
    cache.set_many({"a": 1, "b": [2, "two"]}, timeout=None)
    cache.set_many({"b": {"three": 3}, "c": "ç"}, timeout=60)
    cache.set_many({"gone": 1}, timeout=-1)
    assert cache.get_many(["a", "b", "c", "gone"]) == {"a": 1, "b": {"three": 3}, "c": "ç"}
    assert cache.get("a") == 1 and cache.add("a", 9) is False


def test_set_many_writes_any_number_of_keys_in_the_same_statements():
    cache = cache_of()
    counts = []
    for keys in (1, 20):
        with CaptureQueriesContext(connection) as queries:
            cache.set_many({f"v{n}": n for n in range(keys)})
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert cache.get("v19") == 19


def test_set_many_culls_a_full_table_first():
    cache = cache_of(MAX_ENTRIES=4, CULL_FREQUENCY=2)
    cache.clear()
    cache.set_many({f"old{n}": n for n in range(6)})
    cache.set_many({"new": "kept"})
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM league_cache")
        assert cursor.fetchone()[0] < 7
    assert cache.get("new") == "kept"
