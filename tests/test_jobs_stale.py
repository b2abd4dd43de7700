"""Jobs whose worker died: marked failed once their heartbeat is stale, never left
"running", and never half applied; the heartbeat and count of a live job are seen by
other connections while it runs (PostgreSQL)."""

import datetime
import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone

from games.imports import importer
from games.jobs import runner
from games.jobs.models import Job, JobStatus, Kind
from games.jobs.runner import job_run
from games.jobs.stale import STOPPED, jobs_sweep
from games.models import Session
from tests.addresses import reverse
from tests.factories import UserFactory
from tests.test_import import rows_of
from tests.test_import_jobs import queue

pytestmark = pytest.mark.django_db


class WorkerKilled(BaseException):
    """What a killed worker looks like from inside: the work stops, nothing records why
    (job_run records an ``Exception``; a kill is none)."""


def _running(seconds_ago: int, **fields) -> Job:
    beat = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    return Job.objects.create(
        kind=Kind.RESCORE,
        description="Rescore games",
        status=JobStatus.RUNNING,
        started_at=beat,
        heartbeat_at=beat,
        **fields,
    )


def test_a_running_job_with_a_stale_heartbeat_is_marked_failed_and_a_live_one_is_left(
    settings,
):
    settings.LEAGUE_JOB_STALE_SECONDS = 300
    stopped = _running(301)
    alive = _running(5)
    done = _running(3600, finished_at=timezone.now())
    Job.objects.filter(pk=done.pk).update(status=JobStatus.DONE)

    assert jobs_sweep() == 1

    stopped.refresh_from_db()
    assert (stopped.status, stopped.error) == (JobStatus.FAILED, STOPPED)
    assert stopped.finished_at is not None
    assert Job.objects.get(pk=alive.pk).status == JobStatus.RUNNING
    assert Job.objects.get(pk=done.pk).status == JobStatus.DONE
    assert jobs_sweep() == 0


def test_the_sweep_command_reports_what_it_marked():
    _running(3600)
    out = StringIO()
    call_command("sweep_jobs", stdout=out)
    assert out.getvalue().strip() == (
        "1 stopped job marked failed; 0 lost queued jobs enqueued again or failed."
    )


def test_the_admin_shows_a_stopped_job_as_failed_with_its_reason(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    stopped = _running(3600)
    html = client.get(reverse("admin:jobs_job_change", args=[stopped.pk])).content.decode()
    assert "Failed" in html
    assert "nothing of it was applied. Run it again." in html
    assert 'http-equiv="refresh"' not in html  # it no longer waits for an end
    listed = client.get(reverse("admin:jobs_job_changelist")).content.decode()
    assert "Failed" in listed


def test_a_download_whose_worker_stopped_says_so_on_its_page(client):
    owner = UserFactory(username="owner")
    stopped = _running(3600, started_by=owner)
    Job.objects.filter(pk=stopped.pk).update(kind=Kind.EXPORT)
    client.force_login(owner)
    html = client.get(reverse("league:download", args=[stopped.pk])).content.decode()
    assert "could not be prepared" in html
    assert "Run it again." in html


def test_an_import_whose_worker_dies_leaves_no_game_and_is_swept_as_failed(
    tmp_path, run_jobs, django_capture_on_commit_callbacks, monkeypatch, client
):
    """The worker dies after the first batch was written: the import's one transaction
    goes with it (no game), the job stays "running" until its heartbeat is stale, then
    its page says it failed and why."""
    monkeypatch.setattr(importer, "BATCH_SIZE", 1)
    real, calls = importer.sessions_record_many, []

    def killed_on_the_second_batch(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise WorkerKilled
        return real(*args, **kwargs)

    monkeypatch.setattr(importer, "sessions_record_many", killed_on_the_second_batch)
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows_of("a") + rows_of("b", **{"Terror level": "1"}))
    run_jobs()

    assert len(calls) == 2
    assert not Session.objects.exists()
    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING  # nothing said it ended
    assert jobs_sweep() == 0  # its heartbeat is fresh yet

    old = timezone.now() - datetime.timedelta(hours=1)
    Job.objects.filter(pk=job.pk).update(heartbeat_at=old)
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    html = client.get(reverse("admin:jobs_job_change", args=[job.pk])).content.decode()
    job.refresh_from_db()
    assert (job.status, job.error) == (JobStatus.FAILED, STOPPED)
    assert "nothing of it was applied" in html
    assert not Session.objects.exists()


def test_a_worker_starting_a_job_sweeps_the_jobs_left_by_dead_workers():
    stopped = _running(3600)
    job = Job.objects.create(kind=Kind.RESCORE, description="Rescore games")
    assert job_run(job.pk, lambda progress: "nothing to do") == "nothing to do"
    assert Job.objects.get(pk=stopped.pk).status == JobStatus.FAILED
    assert Job.objects.get(pk=job.pk).status == JobStatus.DONE


@pytest.mark.django_db(transaction=True)
def test_a_running_jobs_heartbeat_and_count_are_seen_by_others_while_it_runs(monkeypatch):
    """PostgreSQL: the work's transaction is open, yet another connection sees the count
    move and the heartbeat beat (SQLite has one writer: there both are seen at the end)."""
    if connection.vendor == "sqlite":
        pytest.skip("SQLite writes the count with the job's transaction")
    monkeypatch.setattr(runner, "EVERY", 0.02)
    monkeypatch.setattr(runner, "HEARTBEAT", 0.05)
    job = Job.objects.create(kind=Kind.RESCORE, description="Rescore games")
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    seen = []

    def read() -> tuple:
        with other.cursor() as cursor:
            cursor.execute("SELECT done, heartbeat_at FROM jobs_job WHERE id = %s", [job.pk])
            return cursor.fetchone()

    def work(progress) -> str:
        Session.objects.exists()  # the transaction is open and has read
        started = read()[1]
        progress(7, 10)
        for _ in range(200):
            done, beat = read()
            if done == 7 and beat > started:
                seen.append((done, beat))
                break
            threading.Event().wait(0.02)
        return "counted"

    try:
        job_run(job.pk, work)
    finally:
        other.close()
    assert seen, "the count and heartbeat were not seen while the job ran"
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == (JobStatus.DONE, 7, 10)
