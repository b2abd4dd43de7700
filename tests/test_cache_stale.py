"""One render per stale page, and the per-process memory copy (``league.caching.page_cache``)."""

import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

from league.caching import page_cache
from league.caching.page_cache import page_key
from league.caching.subjects import lists_key
from league.caching.versions import versions_bump
from league.pages.home import HomeView
from tests.factories import first_league, game

pytestmark = pytest.mark.django_db

HOME = "/en/l/arkham/"


@pytest.fixture
def league():
    game()


def stored(rf, url: str = HOME):
    """The shared cache's entry of a visitor's copy of ``url``."""
    return cache.get(page_key(rf.get(url)))


def warm(client, url: str = HOME) -> bytes:
    assert client.get(url)["X-Cache"] == "miss"
    again = client.get(url)
    assert again["X-Cache"] == "hit"
    return again.content


def test_while_another_request_renders_a_stale_page_the_copy_is_served(client, rf, league):
    before = warm(client)
    entry = stored(rf)
    versions_bump([lists_key(first_league().pk)])
    # Another request found it stale a moment ago and is rendering it.
    cache.add(page_cache.lock_key(page_key(rf.get(HOME)), entry[0]), time.time(), timeout=600)
    response = client.get(HOME)
    assert response["X-Cache"] == "stale"
    assert response.content == before


def test_a_copy_is_served_stale_for_a_bounded_time_then_rendered(client, rf, league, settings):
    warm(client)
    entry = stored(rf)
    versions_bump([lists_key(first_league().pk)])
    lock = page_cache.lock_key(page_key(rf.get(HOME)), entry[0])
    taken = time.time() - settings.LEAGUE_PAGE_STALE_SECONDS - 1
    cache.set(lock, taken, timeout=600)  # its renderer never stored a new copy
    assert client.get(HOME)["X-Cache"] == "miss"
    assert client.get(HOME)["X-Cache"] == "hit"


def test_the_first_request_to_find_a_page_stale_renders_it(client, rf, league):
    warm(client)
    versions_bump([lists_key(first_league().pk)])
    assert client.get(HOME)["X-Cache"] == "miss"
    assert client.get(HOME)["X-Cache"] == "hit"


def test_a_page_retired_again_soon_after_its_render_keeps_its_copy_until_then(
    client, rf, league, settings
):
    """Under a burst of writes a page renders at most once in LEAGUE_PAGE_RENDER_SECONDS."""
    settings.LEAGUE_PAGE_RENDER_SECONDS = 2
    warm(client)
    versions_bump([lists_key(first_league().pk)])
    assert client.get(HOME)["X-Cache"] == "miss"  # the first retirement renders at once
    rendered = client.get(HOME).content
    versions_bump([lists_key(first_league().pk)])
    response = client.get(HOME)  # retired again within the two seconds
    assert response["X-Cache"] == "stale"
    assert response.content == rendered
    cache.delete(f"{page_key(rf.get(HOME))}:rendered")  # the two seconds have passed
    assert client.get(HOME)["X-Cache"] == "miss"
    assert client.get(HOME)["X-Cache"] == "hit"


def test_a_stale_read_in_the_throttles_time_adds_no_render_mark(
    client, league, settings, monkeypatch
):
    """The render mark is read with the versions: on the database's cache an ``add`` of it
    on every such read was three queries, most of a stale read's cost."""
    settings.LEAGUE_PAGE_RENDER_SECONDS = 2
    warm(client)
    versions_bump([lists_key(first_league().pk)])
    assert client.get(HOME)["X-Cache"] == "miss"
    versions_bump([lists_key(first_league().pk)])
    added = []
    real = cache.add
    monkeypatch.setattr(
        cache, "add", lambda key, *args, **kw: added.append(key) or real(key, *args, **kw)
    )
    assert client.get(HOME)["X-Cache"] == "stale"
    assert not [key for key in added if key.endswith(":rendered")]


def test_without_the_render_throttle_every_retirement_renders(client, league, settings):
    settings.LEAGUE_PAGE_RENDER_SECONDS = 0
    warm(client)
    for _ in range(2):
        versions_bump([lists_key(first_league().pk)])
        assert client.get(HOME)["X-Cache"] == "miss"


def test_no_stale_copy_is_served_when_turned_off(client, rf, league, settings):
    settings.LEAGUE_PAGE_STALE_SECONDS = 0
    warm(client)
    entry = stored(rf)
    versions_bump([lists_key(first_league().pk)])
    cache.add(page_cache.lock_key(page_key(rf.get(HOME)), entry[0]), time.time(), timeout=600)
    assert client.get(HOME)["X-Cache"] == "miss"


def test_a_hit_from_memory_needs_no_copy_in_the_shared_cache(client, rf, league):
    before = warm(client)
    cache.delete(page_key(rf.get(HOME)))  # only this process's memory has it now
    response = client.get(HOME)
    assert response["X-Cache"] == "hit" and response.content == before


def test_a_memory_copy_is_not_trusted_once_the_shared_versions_moved(client, rf, league):
    warm(client)
    cache.delete(page_key(rf.get(HOME)))
    versions_bump([lists_key(first_league().pk)])  # as a write in another process would
    assert client.get(HOME)["X-Cache"] == "miss"


def test_the_memory_layer_can_be_turned_off(client, rf, league, settings):
    settings.CACHES = {
        **settings.CACHES,
        "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    warm(client)
    cache.delete(page_key(rf.get(HOME)))
    assert client.get(HOME)["X-Cache"] == "miss"


def test_a_hit_from_memory_reads_only_the_versions_from_the_shared_cache(
    client, league, monkeypatch
):
    warm(client)
    asked: list[list[str]] = []
    real = cache.get_many

    def get_many(keys, *args, **kwargs):
        asked.append(list(keys))
        return real(keys, *args, **kwargs)

    monkeypatch.setattr(cache, "get_many", get_many)
    assert client.get(HOME)["X-Cache"] == "hit"
    # The versions, and the render mark (``page_cache.serve_stale``).
    read = [key for key in asked[0] if not key.endswith(":rendered")]
    assert len(asked) == 1 and all(key.startswith("league:v:") for key in read)


@pytest.mark.django_db(transaction=True)
def test_a_burst_on_a_stale_page_renders_it_once(monkeypatch, catalog_rows):
    """Eight requests at once on a page gone stale: one renders, the others get the copy."""
    game()
    client = Client()
    warm(client)
    versions_bump([lists_key(first_league().pk)])
    renders = []
    real = HomeView.get_context_data

    def slow(self, **kwargs):
        renders.append(1)
        time.sleep(1)  # long enough that every other request arrives meanwhile
        return real(self, **kwargs)

    monkeypatch.setattr(HomeView, "get_context_data", slow)
    start = threading.Barrier(8)
    states: list[str] = []

    def visit():
        start.wait()
        states.append(Client().get(HOME)["X-Cache"])
        connection.close()

    threads = [threading.Thread(target=visit) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(renders) == 1
    assert states.count("miss") == 1
    # The others got the copy they had, or (a thread slow to start) the new one.
    assert set(states) - {"miss"} <= {"stale", "hit"} and "stale" in states
    assert client.get(HOME)["X-Cache"] == "hit"


def test_a_head_request_never_takes_the_render_lock(client, rf, league):
    warm(client)
    versions_bump([lists_key(first_league().pk)])
    assert client.head(HOME)["X-Cache"] == "miss"
    assert client.get(HOME)["X-Cache"] == "miss"  # the GET after it renders, not waits
