"""Imports as background jobs: ``import_results --background`` and the admin's import,
run by the task worker in one transaction, with progress and reasons on the job's page."""

from io import StringIO

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command

from games.imports import importer
from games.imports.uploads import upload_folder
from games.jobs.models import Job, JobStatus, Kind
from games.models import Session
from tests.addresses import reverse
from tests.factories import UserFactory
from tests.test_import import csv_file, rows_of

pytestmark = pytest.mark.django_db


def queue(tmp_path, rows, *options) -> Job:
    path = tmp_path / "league.csv"
    path.write_bytes(csv_file(rows).getvalue())
    out = StringIO()
    call_command("import_results", str(path), "--background", *options, stdout=out)
    job = Job.objects.get(kind=Kind.IMPORT_RESULTS)
    assert f"Job {job.pk} queued" in out.getvalue()
    return job


def uploads() -> list[str]:
    return sorted(path.name for path in upload_folder().iterdir())


def test_import_results_in_the_background_imports_on_the_worker(
    tmp_path, run_jobs, django_capture_on_commit_callbacks
):
    before = uploads()
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows_of("a") + rows_of("b", **{"Terror level": "1"}))
    assert (job.kind, job.status, job.description) == (
        Kind.IMPORT_RESULTS,
        JobStatus.QUEUED,
        "Import results from league.csv",
    )
    assert len(uploads()) == len(before) + 1  # the file waits in the upload folder
    assert not Session.objects.exists()

    assert run_jobs() == 1

    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    assert job.result == "2 games imported; 0 duplicates and 0 invalid games skipped"
    assert job.done == job.total == 2
    assert Session.objects.count() == 2
    assert uploads() == before  # and is deleted when the job ends


def test_an_invalid_file_fails_the_job_with_its_problems_and_writes_nothing(
    tmp_path, run_jobs, django_capture_on_commit_callbacks
):
    before = uploads()
    rows = rows_of("good") + rows_of("bad", **{"Terror level": "12"})
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows)
    run_jobs()
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "Nothing was imported: 1 of 2 games are invalid (1 problem)" in job.error
    assert "line 4, column “Terror level”: The terror level runs from 0 to 10. (game bad)" in (
        job.error
    )
    assert not Session.objects.exists()
    assert uploads() == before


def test_skip_invalid_in_the_background_writes_the_valid_games(
    tmp_path, run_jobs, django_capture_on_commit_callbacks
):
    rows = rows_of("good") + rows_of("bad", **{"Terror level": "12"})
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows, "--skip-invalid", "--status", "approved")
    run_jobs()
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
    assert job.description == "Import results from league.csv (valid games only)"
    assert list(Session.objects.values_list("status", flat=True)) == ["approved"]


def test_a_job_that_dies_half_way_leaves_nothing_behind(
    tmp_path, run_jobs, django_capture_on_commit_callbacks, monkeypatch
):
    """A worker that stops after the first batch was written (here: the second batch's
    write fails) rolls the whole import back: the job is one transaction."""
    monkeypatch.setattr(importer, "BATCH_SIZE", 1)
    real, calls = importer.sessions_record_many, []

    def dies_on_the_second_batch(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise MemoryError("the worker ran out of memory")
        return real(*args, **kwargs)

    monkeypatch.setattr(importer, "sessions_record_many", dies_on_the_second_batch)
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows_of("a") + rows_of("b", **{"Terror level": "1"}))
    run_jobs()
    job.refresh_from_db()
    assert len(calls) == 2
    assert job.status == JobStatus.FAILED
    assert job.error == "MemoryError: the worker ran out of memory"
    assert not Session.objects.exists()


def test_a_dry_run_answers_here():
    with pytest.raises(CommandError, match="--dry-run answers here"):
        call_command("import_results", "league.csv", "--background", "--dry-run")


def test_whoever_started_an_import_follows_it_on_its_page(
    client, tmp_path, run_jobs, django_capture_on_commit_callbacks
):
    """Staff who may add games (but not see every job) open their own import's page: it
    refreshes itself while the job waits or runs, and shows the count and the result."""
    user = UserFactory(username="importer", is_staff=True)
    user.user_permissions.add(
        Permission.objects.get(codename="add_session", content_type__app_label="games")
    )
    with django_capture_on_commit_callbacks(execute=True):
        job = queue(tmp_path, rows_of("a"), "--submitted-by", "importer")
    page = reverse("admin:jobs_job_change", args=[job.pk])
    client.force_login(user)
    html = client.get(page).content.decode()
    assert '<meta http-equiv="refresh" content="3">' in html
    assert "Queued" in html

    run_jobs()
    html = client.get(page).content.decode()
    assert 'http-equiv="refresh"' not in html
    assert "1 of 1 games" in html
    assert "1 game imported" in html

    other = UserFactory(username="other", is_staff=True)
    client.force_login(other)
    assert client.get(page).status_code in (302, 403)
