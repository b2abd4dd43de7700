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


def test_set_many_culls_a_full_table():
    cache = cache_of(MAX_ENTRIES=4, CULL_FREQUENCY=2)
    cache.clear()
    cache.set_many({f"old{n}": n for n in range(6)})
    cache.set_many({"new": "kept"})
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM league_cache")
        assert cursor.fetchone()[0] < 7
    assert cache.get("new") == "kept"


def test_add_wins_only_over_no_key_or_an_expired_one():
    cache = cache_of()
    assert cache.add("lock", 1, timeout=60) is True
    assert cache.add("lock", 2, timeout=60) is False
    assert cache.get("lock") == 1
    cache.set("old", "gone", timeout=-1)
    assert cache.add("old", "new", timeout=60) is True
    assert cache.get("old") == "new"


def test_add_is_one_statement():
    cache = cache_of()
    with CaptureQueriesContext(connection) as queries:
        cache.add("once", 1)
    control = ("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT")
    statements = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(control)]
    assert len(statements) == 1 and statements[0].startswith("INSERT")


def test_a_refused_write_is_no_error_page_but_nothing_kept(monkeypatch):
    """As Django's: a database that refuses the write (here: no such table) adds nothing
    and sets nothing, and the caller goes on (a committed game never errs on its cache)."""
    cache = cache_of()
    monkeypatch.setattr(cache, "_table", "no_such_cache_table")
    assert cache.add("lock", 1) is False
    assert cache.set("page", "body") is None
    monkeypatch.undo()
    assert cache.get("lock") is None and cache.get("page") is None
    assert cache.add("lock", 1) is True  # the connection and transaction are fine after


@pytest.mark.django_db(transaction=True)
def test_of_many_adds_at_once_one_wins_and_every_loser_sees_its_value():
    """The render lock of a stale page: a loser that cannot see the winner renders too."""
    import threading

    from django.db import connection as thread_connection

    cache = cache_of()
    start = threading.Barrier(8)
    seen: list[tuple[bool, object]] = []

    def take(n):
        start.wait()
        won = cache.add("render-lock", n, timeout=60)
        seen.append((won, cache.get("render-lock")))
        thread_connection.close()

    threads = [threading.Thread(target=take, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [value for won, value in seen if won]
    assert len(seen) == 8 and len(winners) == 1
    assert {value for _, value in seen} == {winners[0]}


def test_get_many_reads_the_live_keys_in_one_query_and_never_an_expired_one():
    cache = cache_of()
    cache.set_many({"live": 1, "also": {"two": 2}}, timeout=60)
    cache.set_many({"dead": 3}, timeout=-1)
    with CaptureQueriesContext(connection) as queries:
        found = cache.get_many(["live", "also", "dead", "absent"])
    assert found == {"live": 1, "also": {"two": 2}} and len(queries) == 1
    assert cache.get("dead") is None and cache.get("dead", "default") == "default"
    assert cache.get("live") == 1 and cache.has_key("live") and not cache.has_key("dead")
