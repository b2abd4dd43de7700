"""The league version lives where every worker process sees it, never in one process.

Another process here is a real one: ``manage.py shell`` on the same database (the
database cache) or the same Redis (REDIS_URL), reading and bumping the version.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from league.caching.versions import league_version, league_version_bump

pytestmark = pytest.mark.django_db(transaction=True)

PROJECT = Path(__file__).resolve().parent.parent
ON_REDIS = bool(os.environ.get("REDIS_URL"))


def database_url() -> str:
    """The test database's URL, for a process started beside the tests."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def other_process(code: str) -> str:
    """Run ``code`` in a new Django process on the same database and cache; its output."""
    env = {**os.environ, "DATABASE_URL": database_url()}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout.strip()


def test_another_process_reads_the_version_this_one_bumped_and_the_reverse():
    mine = league_version_bump()
    assert (
        other_process("from league.caching.versions import league_version; print(league_version())")
        == mine
    )
    theirs = other_process(
        "from league.caching.versions import league_version_bump; print(league_version_bump())"
    )
    assert theirs != mine
    assert league_version() == theirs


@pytest.mark.skipif(not ON_REDIS, reason="REDIS_URL is unset (the CI's Redis run sets it)")
def test_redis_url_switches_the_cache_to_djangos_redis_backend():
    from django.core.cache import cache, caches
    from django.core.cache.backends.redis import RedisCache

    assert type(caches["default"]) is RedisCache
    assert settings.CACHES["default"]["LOCATION"] == os.environ["REDIS_URL"]
    cache.set("league:probe", "reached", timeout=10)
    assert cache.get("league:probe") == "reached"


def test_the_default_cache_is_djangos_database_cache(monkeypatch):
    """Without REDIS_URL, settings pick Django's own database cache."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    code = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    assert other_process(code) == "django.core.cache.backends.db.DatabaseCache"
