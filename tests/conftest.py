import contextlib
import importlib
import os

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Property tests: "ci" runs in `make test`, "fuzz" in `make fuzz` (HYPOTHESIS_PROFILE=fuzz).
# No deadline: one example is a whole request, and CPU time here is shared.
_PROPERTY = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
}
hypothesis_settings.register_profile("ci", max_examples=300, **_PROPERTY)
hypothesis_settings.register_profile("fuzz", max_examples=10_000, **_PROPERTY)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# pytest-django's live_server runs beside Playwright's sync API in one thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's Chromium: Playwright cannot download its own browser here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# What a page's service worker still fetches (it precaches the offline page in every
# language when it installs) is no network activity of the page's own: a test that ends then
# leaves a request running on the live server while its database is flushed, and PostgreSQL
# finds the flush and that request's read deadlocked.
SETTLED = """async () => {
  if (!navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) {
    await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 5000))]);
  }
}"""


@pytest.fixture
def page(page, live_server):
    """pytest-playwright's page, left only once its service worker has installed (and
    before the live server stops, so what the worker fetched has its answer)."""
    yield page
    with contextlib.suppress(Exception):  # a page already closed, or not a web page
        page.evaluate(SETTLED)


def _restores_rows(item) -> bool:
    marker = item.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("serialized_rollback"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Among the transactional tests (pytest-django puts them last), those that restore the
    migrated rows (``serialized_rollback``) go first: any other one flushes the database at
    its end and refills the content types, which a later restore would insert again (a
    duplicate-key error at setup, whatever subset of the suite is run)."""
    places = [
        i
        for i, item in enumerate(items)
        if (m := item.get_closest_marker("django_db")) and m.kwargs.get("transaction")
    ]
    ordered = sorted((items[i] for i in places), key=lambda item: not _restores_rows(item))
    for place, item in zip(places, ordered, strict=True):
        items[place] = item


@pytest.fixture
def catalog(db):
    """The catalog the migrations filled, by name."""
    from games.models import AncientOne, Box, Investigator

    return {
        "ancient_ones": {ao.name: ao for ao in AncientOne.objects.all()},
        "boxes": {box.name: box for box in Box.objects.all()},
        "investigators": {inv.name: inv for inv in Investigator.objects.all()},
    }


@pytest.fixture
def catalog_rows():
    """The migrated catalog, refilled if an earlier transactional test flushed it.

    Browser tests need ``serialized_rollback``, but it restores the catalog only on the
    connection that serialized it: Playwright's sync API runs the test in another context,
    where ``connections["default"]`` is a fresh wrapper without the serialized contents
    (seen on PostgreSQL after an ordinary db test). Refilling from the data migration keeps
    browser tests independent of the order they run in.
    """
    from django.apps import apps

    from games.models import AncientOne

    if not AncientOne.objects.exists():
        importlib.import_module("games.migrations.0002_catalog").fill(apps, None)
        importlib.import_module("games.migrations.0029_catalog_printed_names").fill(apps, None)


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's language: a request to /de/... leaves German active in
    the thread (LocaleMiddleware activates, nothing deactivates), and the next test's
    ``reverse()`` would give German addresses."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def scopes_off():
    """A test arranges and reads rows of every league, with league scopes off; the requests
    it makes run in their league's scope, as on the site (``league.scopes``), and
    tests/test_league_scopes.py runs the jobs and commands with scopes on."""
    from django_scopes import scopes_disabled

    with scopes_disabled():
        yield


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hash test passwords cheaply: the real hasher costs a third of a second per account,
    and the permission matrix and race tests make hundreds of accounts."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def pages_render_after_every_write(settings):
    """Tests write and read in the same second: each read after a write sees the write
    (the render throttle, LEAGUE_PAGE_RENDER_SECONDS, has its own tests)."""
    settings.LEAGUE_PAGE_RENDER_SECONDS = 0


def _database_fixture(request) -> str | None:
    """The database fixture this test runs under, or None for a test without a database."""
    marker = request.node.get_closest_marker("django_db")
    names = request.fixturenames
    if (
        "transactional_db" in names
        or "live_server" in names
        or (marker is not None and marker.kwargs.get("transaction"))
    ):
        return "transactional_db"
    if marker is not None or "db" in names:
        return "db"
    return None


@pytest.fixture(autouse=True)
def fresh_cache(request, settings):
    """Each test starts with a fresh cache: no rate-limit counts, no pages, a new version.

    The cache outlives a transactional test's flush (the database cache's table is no
    model's, so flush leaves it) and, on Redis, every test. A test without a database has
    no database cache to clear, and cannot use one.
    """
    from django.core.cache import cache

    database = _database_fixture(request)
    if database is None and "DatabaseCache" in settings.CACHES["default"]["BACKEND"]:
        return
    if database is not None:
        request.getfixturevalue(database)
        # The league the migrations made, made again after a transactional test's flush;
        # league ids are reused after a rollback, so no process keeps an old one's address.
        from league import current
        from tests.factories import first_league

        first_league()
        current.forget_slugs()
    cache.clear()
    # This process's copies of pages outlive a test: a test starts with none, as a new
    # worker does (a copy from an earlier test would be served stale or take the lock);
    # and so do the changes an uncommitted transaction of an earlier test gathered.
    from django.core.cache import caches

    from league.caching import versions

    caches["pages"].clear()
    vars(versions.waiting).clear()
    # As on a running site, the league has a version (a lost one is tested on its own),
    # and so has the first league's every page.
    versions.league_version_bump()
    from league.caching.subjects import league_key
    from tests.factories import first_league

    versions.shared(league_key(first_league().pk))


@pytest.fixture(autouse=True)
def league_version_bumps_at_once(request, monkeypatch):
    """In a db test, bump the league version at the write, not after commit.

    A db test runs inside one transaction that never commits, so an after-commit bump would
    never run and pages cached before a test's write would be served after it; a commit
    would have run the bump there. Transactional tests commit, so they keep the real rule,
    and so do tests marked ``after_commit`` (of that rule itself).
    """
    if _database_fixture(request) != "db" or request.node.get_closest_marker("after_commit"):
        return
    from league.caching import versions

    def bump_now(using=None, *, rows=None, games=(), league=None):
        versions.retire(rows, games, () if league is None else (league,))

    monkeypatch.setattr(versions, "league_version_bump_after_commit", bump_now)


@pytest.fixture(autouse=True)
def csp_violations(request):
    """Browser tests fail on any Content-Security-Policy violation a page reports.

    Chromium reports each blocked inline script, style or eval as a console error naming the
    Content Security Policy; every page of the test's browser context is watched.
    """
    violations: list[str] = []
    if request.node.get_closest_marker("browser") is None:
        yield violations
        return
    context = request.getfixturevalue("context")

    def watch(page):
        def on_console(message):
            if message.type == "error" and "Content Security Policy" in message.text:
                violations.append(f"{page.url}: {message.text}")

        page.on("console", on_console)

    for page in context.pages:
        watch(page)
    context.on("page", watch)
    yield violations
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def run_jobs(monkeypatch):
    """Run the queued background jobs here and now, as ``manage.py db_worker --batch`` does.

    The worker checks its connection between tasks (``close_old_connections``); inside a
    test's transaction that would close it, so the check is left out. Returns how many
    tasks ran. Jobs are enqueued on commit: wrap what starts one in
    ``django_capture_on_commit_callbacks(execute=True)``.
    """
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)

    def run() -> int:
        worker = db_worker.Worker(
            queue_names=["*"],
            interval=0,
            batch=True,
            backend_name="default",
            startup_delay=False,
            max_tasks=None,
            worker_id="test-worker",
            excluded_queue_names=[],
        )
        worker.run()
        return worker._run_tasks

    return run
