"""Background jobs on the RQ backend, as ``REDIS_URL`` configures them (a real redis-server).

The test starts its own ``redis-server`` on a free port and runs an RQ worker in-process
(``SimpleWorker``, no fork, so it shares the test's database connection).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from io import StringIO

import pytest
import redis
from django.core.management import call_command
from django_tasks_rq import Job as RQTaskJob
from rq import SimpleWorker

from games.jobs.models import Job, JobStatus, Kind
from games.models import PlayerStanding
from games.summaries import summaries_differences
from tests.factories import game, seat

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="redis-server is not installed (.ci/run installs it)",
    ),
]


@pytest.fixture
def redis_queue(tmp_path, settings):
    """TASKS and RQ_QUEUES as settings make them with REDIS_URL, on a redis-server of our own."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir"]
        + [str(tmp_path), "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port, socket_connect_timeout=0.2)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    settings.RQ_QUEUES = {"default": {"URL": f"redis://127.0.0.1:{port}/0"}}
    yield client
    server.kill()
    server.wait(timeout=10)


def test_rebuild_summaries_in_the_background_runs_on_an_rq_worker(
    redis_queue, django_capture_on_commit_callbacks
):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    PlayerStanding.objects.all().delete()
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("rebuild_summaries", "--background", stdout=out)
    job = Job.objects.get(kind=Kind.REBUILD_SUMMARIES)
    assert redis_queue.llen("rq:queue:default") == 1

    worker = SimpleWorker(["default"], connection=redis_queue, job_class=RQTaskJob)
    assert worker.work(burst=True)

    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.done == job.total > 0
    assert summaries_differences() == []
