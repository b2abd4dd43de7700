"""Background jobs: queued, run by the database backend's worker, recorded in the admin."""

from io import StringIO

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from games.jobs.apps import connections_refreshed
from games.jobs.models import Job, JobStatus, Kind
from games.jobs.tasks import summaries_rebuild_start
from games.models import AncientOne, PlayerStanding
from games.summaries import rebuild, store, summaries_differences
from tests.addresses import reverse
from tests.factories import UserFactory, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def _league():
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    game(ancient_one="Eihort", seats=[seat("Ann", "Amanda Sharpe")])
    # Summary rows gone astray (written behind the write path's back).
    PlayerStanding.objects.filter(player__name="Ann").delete()


def test_rebuild_summaries_in_the_background_runs_on_the_worker(
    run_jobs, django_capture_on_commit_callbacks
):
    _league()
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("rebuild_summaries", "--background", stdout=out)
    job = Job.objects.get(kind=Kind.REBUILD_SUMMARIES)  # the games' ratings have their own
    assert f"Job {job.pk} queued" in out.getvalue()
    assert (job.kind, job.status) == (Kind.REBUILD_SUMMARIES, JobStatus.QUEUED)
    assert summaries_differences() != []

    assert run_jobs() == 1

    assert summaries_differences() == []
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
    assert job.done == job.total == len(store.TABLES)
    assert "summary rows rebuilt" in job.result
    assert job.started_at and job.finished_at and job.error == ""
    assert DBTaskResult.objects.get(id=job.task_id).status == "SUCCESSFUL"


def test_a_failing_job_records_its_reason_and_changes_nothing(
    run_jobs, django_capture_on_commit_callbacks, monkeypatch
):
    _league()
    before = sorted(PlayerStanding.objects.values_list("player_id", "scope", "games"))
    real, calls = rebuild.rebuild_tables, []

    def fails_on_the_third_table(**kwargs):
        calls.append(kwargs)
        if len(calls) == 3:
            raise RuntimeError("disk full")
        real(**kwargs)

    monkeypatch.setattr(rebuild, "rebuild_tables", fails_on_the_third_table)
    with django_capture_on_commit_callbacks(execute=True):
        job = summaries_rebuild_start()

    run_jobs()

    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.error == "RuntimeError: disk full"
    assert job.finished_at is not None
    # Two tables were rebuilt before the failure: rolled back with it, as the deletes.
    assert len(calls) == 3
    assert sorted(PlayerStanding.objects.values_list("player_id", "scope", "games")) == before
    assert DBTaskResult.objects.get(id=job.task_id).status == "FAILED"


def test_a_job_whose_cause_is_rolled_back_never_runs(run_jobs, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        summaries_rebuild_start()
    assert len(callbacks) == 1
    # Not committed: nothing was enqueued.
    assert run_jobs() == 0
    assert DBTaskResult.objects.count() == 0


def test_a_doom_track_fix_rescores_on_the_worker_with_progress(
    staff_client, run_jobs, django_capture_on_commit_callbacks
):
    session = game(ancient_one="Eihort", seats=[seat("Ann", "Amanda Sharpe")])
    game(ancient_one="Eihort", seats=[seat("Bob", "Bob Jenkins")])
    other = game(ancient_one="Cthulhu", seats=[seat("Bob", "Bob Jenkins")])
    eihort = AncientOne.objects.get(name="Eihort")
    before, before_other = session.score, other.score
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("admin:games_ancientone_change", args=[eihort.pk]),
            {"name": "Eihort", "slug": "eihort", "doom_track": 14, "box": eihort.box_id},
            follow=True,
        )
    job = Job.objects.get(kind=Kind.RESCORE)
    assert f"being rescored (job {job.pk}" in response.content.decode()
    session.refresh_from_db()
    assert session.score == before, "the request only queues the rescore"

    run_jobs()

    session.refresh_from_db()
    other.refresh_from_db()
    assert (session.score, other.score) == (before + 2, before_other)
    job.refresh_from_db()
    assert (job.kind, job.status, job.done, job.total) == (Kind.RESCORE, JobStatus.DONE, 2, 2)
    assert job.result == "2 stored scores recomputed"
    assert job.started_by.username == "staff"
    assert summaries_differences() == []


def test_the_admin_lists_jobs_read_only_in_bounded_queries(
    staff_client, django_assert_max_num_queries
):
    for number in range(30):
        Job.objects.create(
            kind=Kind.RESCORE,
            description=f"Rescore {number}",
            started_by=UserFactory(username=f"staff{number}"),
            done=number,
            total=30,
        )
    url = reverse("admin:jobs_job_changelist")
    with django_assert_max_num_queries(12):
        response = staff_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Rescore 29" in html and "29 / 30" in html
    assert reverse("admin:jobs_job_add") not in html
    job = Job.objects.first()
    page = staff_client.get(reverse("admin:jobs_job_change", args=[job.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()


def test_moderators_without_the_permission_see_no_jobs(client):
    client.force_login(UserFactory(username="helper", is_staff=True))
    assert client.get(reverse("admin:jobs_job_changelist")).status_code == 403


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_worker_drops_a_broken_connection_between_tasks(monkeypatch):
    """As Django does around a request: RQ's SimpleWorker runs every job in one process."""
    from django.db import connection

    connection.ensure_connection()
    connection.errors_occurred = True  # what a dropped database server leaves
    monkeypatch.setattr(connection, "is_usable", lambda: False)
    connections_refreshed()
    assert connection.connection is None
    monkeypatch.undo()
    assert Job.objects.count() == 0  # the next query connects again


def test_the_connections_are_refreshed_around_every_task():
    from django_tasks.signals import task_finished, task_started

    for signal in (task_started, task_finished):
        assert signal.disconnect(dispatch_uid="jobs-connections")  # it was connected
        signal.connect(connections_refreshed, dispatch_uid="jobs-connections")


@pytest.mark.django_db
def test_a_task_run_inside_a_transaction_keeps_its_connection(monkeypatch):
    from django.db import connection

    connection.errors_occurred = True
    monkeypatch.setattr(connection, "is_usable", lambda: False)
    connections_refreshed()  # an immediate task, inside the caller's transaction
    assert connection.connection is not None
    connection.errors_occurred = False
