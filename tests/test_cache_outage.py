"""A cache outage never turns a saved write into an error (issue 17, part 6).

Each test starts its own ``redis-server`` on a free port, points the cache at it the way
``REDIS_URL`` does, and stops it mid-run: submissions and approvals still answer as usual
and lose nothing, pages answer uncached, the outage is logged once, and caching resumes when
the server is back. The last tests drop the database connection under a running site.
"""

from __future__ import annotations

import datetime
import logging
import shutil
import socket
import subprocess
import time
from wsgiref.util import setup_testing_defaults

import pytest
import redis
from django.core import mail
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.test import Client
from django.utils import timezone

from games.jobs.models import Job, JobStatus, Kind
from games.jobs.stale import jobs_sweep
from games.models import Session
from league.caching import outage, versions
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data, seat

pytestmark = pytest.mark.django_db(transaction=True)

REDIS_SERVER = shutil.which("redis-server")
needs_redis = pytest.mark.skipif(
    REDIS_SERVER is None, reason="redis-server is not installed (.ci/run installs it)"
)
DOWN = "The cache does not answer"
BACK = "The cache answers again"
PAGES = [
    reverse("league:home"),
    reverse("league:leaderboard"),
    reverse("league:standings"),
    reverse("league:ancient_ones"),
    reverse("league:rules"),
    # Pages with charts and fragments, which keep parts of themselves in caches too.
    reverse("league:player", kwargs={"slug": "ann"}),
    reverse("league:ancient_one", kwargs={"slug": "cthulhu"}),
    reverse("league:investigators"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A real redis-server of this test's own, stopped and started again at will."""

    def __init__(self, folder) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        """Stop at once, keeping nothing (``--save ""``), as a crashed server does."""
        self.process.kill()
        self.process.wait(timeout=10)

    def shut_down_keeping_data(self) -> None:
        """Stop after writing its data to disk, so the next start has every key again."""
        redis.Redis(port=self.port).save()
        self.kill()


@pytest.fixture
def redis_server(tmp_path, settings, catalog_rows, monkeypatch):
    """The cache on a fresh redis-server, as settings make it with ``REDIS_URL``.

    ``RETRY_SECONDS`` 0: every cache call asks the stopped server again (a refused
    connection costs well under a millisecond), so the tests need no sleeps and the log
    still shows one outage, not one error per call.
    """
    server = RedisServer(tmp_path)
    server.start()
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": server.url,
            "OPTIONS": settings.REDIS_OPTIONS,
        },
    }
    monkeypatch.setattr(outage, "RETRY_SECONDS", 0)
    versions.league_version_bump()
    yield server
    if server.process.poll() is None:
        server.kill()
    outage.down_since = None  # the next test's cache is another one


def outage_records(caplog) -> tuple[list, list]:
    records = [r for r in caplog.records if r.name == outage.__name__]
    down = [r for r in records if r.getMessage().startswith(DOWN)]
    back = [r for r in records if r.getMessage().startswith(BACK)]
    return down, back


def submitter_client(client, username="ann"):
    user = UserFactory(username=username, email=f"{username}@example.com")
    PlayerFactory(name=username.title(), user=user)
    client.force_login(user)
    return user


def submission(day: int) -> dict:
    """The result form as posted, a different day each time (no "possible duplicate")."""
    played_on = datetime.date(2025, 1, 1) + datetime.timedelta(days=day)
    return result_form_data(played_on=played_on.isoformat())


def pending_games(count: int) -> list:
    """``count`` games a member submitted, waiting for a moderator (one a day in March)."""
    submitter = UserFactory(username="sub", email="sub@example.com")
    return [
        game(
            status="pending",
            submitted_by=submitter,
            seats=[seat("Sub", "Amanda Sharpe")],
            played_on=datetime.date(2025, 3, day),
        )
        for day in range(1, count + 1)
    ]


def queue_on(settings, server) -> None:
    """The job queue on this Redis too, as ``REDIS_URL`` sets it (RQ)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    settings.RQ_QUEUES = {"default": {"URL": server.url}}


@needs_redis
def test_submissions_while_redis_is_down_answer_as_usual_and_nothing_is_lost(
    client, redis_server, caplog
):
    submitter_client(client)
    assert client.post(reverse("games:new"), submission(0)).status_code == 302
    redis_server.kill()
    caplog.set_level(logging.INFO)
    visitor = Client()
    for day in range(1, 21):
        response = client.post(reverse("games:new"), submission(day))
        assert response.status_code == 302, day
        assert response["Location"].startswith("/en/l/arkham/games/")
        # A pending game asks nothing of the cache; a visitor's page between them does.
        assert visitor.get(reverse("league:home")).status_code == 200
    assert Session.objects.count() == 21
    assert len(set(Session.objects.values_list("played_on", flat=True))) == 21
    down, back = outage_records(caplog)
    assert len(down) == 1 and back == []
    assert down[0].levelno == logging.ERROR


@needs_redis
def test_an_approval_while_redis_is_down_is_saved_answers_and_mails(client, redis_server):
    submitter = UserFactory(username="sub", email="sub@example.com")
    session = game(status="pending", submitted_by=submitter, seats=[seat("Sub", "Amanda Sharpe")])
    client.force_login(moderator())
    redis_server.kill()
    response = client.post(
        reverse("games:moderate", kwargs={"pk": session.pk}),
        {"version": session.version, "status": "approved"},
    )
    assert response.status_code == 302
    assert Session.objects.get(pk=session.pk).status == "approved"
    assert [message.to for message in mail.outbox] == [["sub@example.com"]]


def test_the_e_mail_goes_out_even_if_the_version_bump_before_it_fails(
    client, monkeypatch, catalog_rows
):
    """Whatever the cache does, the bump queued first on commit cannot stop the e-mail."""

    def broken_bump(keys=None):
        raise RuntimeError("the cache backend broke")

    monkeypatch.setattr(versions, "versions_bump", broken_bump)
    submitter = UserFactory(username="sub", email="sub@example.com")
    session = game(status="pending", submitted_by=submitter, seats=[seat("Sub", "Amanda Sharpe")])
    client.force_login(moderator())
    response = client.post(
        reverse("games:moderate", kwargs={"pk": session.pk}),
        {"version": session.version, "status": "approved"},
    )
    assert response.status_code == 302
    assert Session.objects.get(pk=session.pk).status == "approved"
    assert len(mail.outbox) == 1


@needs_redis
def test_pages_the_api_and_signup_answer_uncached_while_redis_is_down(client, redis_server, caplog):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    assert client.get(PAGES[0])["X-Cache"] == "miss"
    assert client.get(PAGES[0])["X-Cache"] == "hit"
    redis_server.kill()
    caplog.set_level(logging.INFO)
    for _ in range(2):
        for url in PAGES:
            response = client.get(url)
            assert response.status_code == 200, url
            assert response["X-Cache"] == "miss", url
        assert client.get("/api/games").status_code == 200
        assert client.get(reverse("signup")).status_code == 200
    # The API's dates stay honest: each answer is dated as changed now, never 304.
    first = client.get("/api/games")
    assert client.get("/api/games", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    response = client.post(
        reverse("signup"),
        {
            "username": "carla",
            "email": "carla@example.com",
            "player_name": "Carla",
            "password1": "a-long-unusual-password-42",
            "password2": "a-long-unusual-password-42",
        },
    )
    assert response.status_code == 302
    down, _ = outage_records(caplog)
    assert len(down) == 1


@needs_redis
def test_caching_resumes_when_redis_comes_back(client, redis_server, caplog):
    home = PAGES[0]
    client.get(home)
    redis_server.kill()
    caplog.set_level(logging.INFO)
    assert client.get(home)["X-Cache"] == "miss"
    assert client.get(home)["X-Cache"] == "miss"
    redis_server.start()
    assert client.get(home)["X-Cache"] == "miss"
    assert client.get(home)["X-Cache"] == "hit"
    down, back = outage_records(caplog)
    assert len(down) == 1 and len(back) == 1


@needs_redis
def test_pages_cached_before_an_outage_are_retired_after_it(client, redis_server):
    """A server that kept its data comes back with the pages and version of before the
    outage; the games approved meanwhile could not bump it, so recovery does."""
    game(seats=[seat("Ann", "Amanda Sharpe")], notes="before")
    home = PAGES[0]
    client.get(home)
    assert client.get(home)["X-Cache"] == "hit"
    before = cache.get(versions.VERSION_KEY)
    redis_server.shut_down_keeping_data()
    game(seats=[seat("Zed", "Bob Jenkins")])
    assert Session.objects.count() == 2
    redis_server.start()
    response = client.get(home)  # the first call that finds the cache back retires all
    assert cache.get(versions.VERSION_KEY) != before
    assert response["X-Cache"] == "miss"
    assert "Zed" in response.content.decode()


@needs_redis
def test_log_in_throttling_holds_while_redis_is_down(client, redis_server):
    """Rate limits kept in the cache let requests through during an outage; log-in
    failures are counted by django-axes in the database, so the lockout still holds."""
    UserFactory(username="ann")
    redis_server.kill()
    login = reverse("login")
    for _ in range(5):
        response = client.post(login, {"username": "ann", "password": "wrong"})
        assert response.status_code in {200, 429}
    response = client.post(login, {"username": "ann", "password": "correct-horse-battery"})
    assert response.status_code == 429


def wsgi_get(path: str) -> int:
    """One GET through Django's own WSGI handler, with the request signals a real server
    sends (the test client leaves out the connection check at the start of a request)."""
    environ = {"PATH_INFO": path, "REQUEST_METHOD": "GET"}
    setup_testing_defaults(environ)
    statuses = []
    response = WSGIHandler()(environ, lambda status, headers: statuses.append(status))
    b"".join(response)
    response.close()
    return int(statuses[0].split()[0])


def test_the_site_survives_its_database_connection_being_dropped(catalog_rows):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    assert wsgi_get(reverse("league:leaderboard")) == 200
    if connection.vendor == "postgresql":
        # What a restart of PostgreSQL does to the connection the site holds.
        pid = connection.connection.info.backend_pid
        other = connection.copy()
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        other.close()
    else:
        connection.close()
    assert wsgi_get(reverse("league:leaderboard")) == 200
    assert wsgi_get("/api/games") == 200


@needs_redis
def test_rate_limits_let_requests_through_while_redis_is_down(client, redis_server, settings):
    """The chosen safe default: a cold cache counts every attempt as the first."""
    settings.LEAGUE_THROTTLES = {**settings.LEAGUE_THROTTLES, "signup": (1, 3600)}
    redis_server.kill()
    for name in ("carla", "dora"):
        password = "a-long-unusual-password-42"
        response = client.post(
            reverse("signup"),
            {
                "username": name,
                "email": f"{name}@example.com",
                "player_name": name.title(),
                "password1": password,
                "password2": password,
            },
        )
        assert response.status_code == 302, name
        client.logout()


@needs_redis
def test_only_an_unreachable_server_is_absorbed_a_bug_still_raises(redis_server):
    cache.set("league:probe", "text")
    with pytest.raises(redis.ResponseError):
        cache.incr("league:probe")


@needs_redis
def test_writes_while_the_job_queue_is_down_answer_and_their_jobs_are_queued_again(
    client, redis_server, settings
):
    """Redis holds the job queue too (RQ, as with ``REDIS_URL``): an approval whose ratings
    job cannot be enqueued is saved and answers as usual; once Redis is back, the sweep
    hands every such job to the queue, and none is left queued without it."""
    queue_on(settings, redis_server)
    pending = pending_games(3)
    client.force_login(moderator())
    redis_server.kill()

    answers = [
        client.post(
            reverse("games:moderate", kwargs={"pk": session.pk}),
            {"version": session.version, "status": "approved"},
        ).status_code
        for session in pending
    ]

    assert answers == [302, 302, 302]
    assert set(Session.objects.values_list("status", flat=True)) == {"approved"}
    stranded = Job.objects.filter(status=JobStatus.QUEUED, task_id="")
    assert stranded.count() == 3

    redis_server.start()
    Job.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=1))
    assert jobs_sweep() == 3
    assert not Job.objects.filter(status=JobStatus.QUEUED, task_id="").exists()
    assert redis.Redis(port=redis_server.port).llen("rq:queue:default") == 3


@needs_redis
def test_an_outage_during_submissions_approvals_and_an_export_strands_nothing(
    client, redis_server, settings, tmp_path
):
    """Redis (cache and job queue) stops while members submit, a moderator approves and an
    organiser asks for an export job, then comes back empty: every stored write answered
    below 500, and after the sweep no job is left queued that the queue does not hold."""
    queue_on(settings, redis_server)
    settings.LEAGUE_EXPORT_STREAM_ROWS = 2
    settings.LEAGUE_EXPORT_DIR = tmp_path / "exports"
    for day in (1, 2, 3):
        game(played_on=datetime.date(2024, 6, day), seats=[seat(f"Player {day}")])
    pending = pending_games(4)
    boss = Client()
    boss.force_login(moderator())
    # One approval while Redis is up: its job's queue entry vanishes with the restart.
    first = pending.pop()
    answers = [
        boss.post(
            reverse("games:moderate", kwargs={"pk": first.pk}),
            {"version": first.version, "status": "approved"},
        ).status_code
    ]
    stored_before = Session.objects.count()
    submitter_client(client, "ann")
    redis_server.kill()

    answers += [client.post(reverse("games:new"), submission(day)).status_code for day in (1, 2)]
    answers += [
        boss.post(
            reverse("games:moderate", kwargs={"pk": session.pk}),
            {"version": session.version, "status": "approved"},
        ).status_code
        for session in pending
    ]
    answers.append(boss.get(reverse("league:leaderboard"), {"_export": "csv"}).status_code)

    assert [code for code in answers if code >= 500] == []
    assert Session.objects.count() == stored_before + 2
    assert not Session.objects.filter(pk__in=[s.pk for s in pending], status="pending").exists()
    assert Job.objects.filter(kind=Kind.EXPORT).count() == 1

    redis_server.start()  # back, and empty: the entry enqueued before the outage is gone
    Job.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=1))
    jobs_sweep()
    queued = Job.objects.filter(status=JobStatus.QUEUED)
    held = redis.Redis(port=redis_server.port).llen("rq:queue:default")
    assert queued.filter(task_id="").count() == 0
    assert held == queued.count() > 0
    assert queued.filter(kind=Kind.EXPORT).exists()
