"""Big table exports run as background jobs: progress, a file for its owner only, kept
for a while in the project's folder; visitors are asked to sign in; failures say why."""

import csv
import datetime
import io

import openpyxl
import pytest
from django.utils import timezone

from games.jobs.files import exports_sweep
from games.jobs.models import Job, JobStatus, Kind
from league.pages import downloads
from tests.addresses import reverse
from tests.factories import UserFactory, game, seat

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("league:leaderboard")


@pytest.fixture
def big(settings, tmp_path):
    """Three victories, and a league that streams at most two rows within a request."""
    settings.LEAGUE_EXPORT_STREAM_ROWS = 2
    settings.LEAGUE_EXPORT_DIR = tmp_path / "exports"
    for day in (1, 2, 3):
        game(played_on=datetime.date(2026, 1, day), seats=[seat(f"Player {day}")])
    return tmp_path / "exports"


@pytest.fixture
def member(client):
    user = UserFactory(username="asker")
    client.force_login(user)
    return user


def ask(client, capture, export_format="csv", **filters):
    with capture(execute=True):
        return client.get(LEADERBOARD, {"_export": export_format, **filters})


def rows_of(response, export_format="csv") -> list[list]:
    body = b"".join(response.streaming_content)
    if export_format == "csv":
        return list(csv.reader(io.StringIO(body.decode())))
    book = openpyxl.load_workbook(io.BytesIO(body), read_only=True)
    return [list(row) for row in book.active.values]


def test_a_small_export_still_streams_in_the_request(client, settings, big):
    settings.LEAGUE_EXPORT_STREAM_ROWS = 3
    response = client.get(LEADERBOARD, {"_export": "csv"})
    assert response.streaming
    assert len(rows_of(response)) == 4
    assert not Job.objects.filter(kind=Kind.EXPORT).exists()


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_a_big_export_is_a_job_whose_page_shows_progress_then_the_file(
    client, member, big, run_jobs, django_capture_on_commit_callbacks, settings, export_format
):
    response = ask(client, django_capture_on_commit_callbacks, export_format, sort="-played_on")
    job = Job.objects.get(kind=Kind.EXPORT)
    assert (job.kind, job.started_by, job.status, job.total) == (
        Kind.EXPORT,
        member,
        JobStatus.QUEUED,
        3,
    )
    page = reverse("league:download", args=[job.pk])
    assert response.status_code == 302 and response.url == page
    waiting = client.get(page).content.decode()
    assert "Waiting for a worker" in waiting and "0 of 3 rows" in waiting
    assert 'data-hx-trigger="every 2s"' in waiting  # follows along while it waits
    assert run_jobs() == 1
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == (JobStatus.DONE, 3, 3)
    done = client.get(page).content.decode()
    assert "every 2s" not in done
    file_url = reverse("league:download_file", args=[job.pk])
    assert file_url in done and "(3 rows)" in done
    assert 'href="/en/l/arkham/leaderboard/?sort=-played_on"' in done  # back to the page that asked
    download = client.get(file_url)
    assert "arkham-league-leaderboard" in download["Content-Disposition"]
    written = rows_of(download, export_format)
    settings.LEAGUE_EXPORT_STREAM_ROWS = 100
    streamed = client.get(LEADERBOARD, {"_export": export_format, "sort": "-played_on"})
    assert written == rows_of(streamed, export_format)  # the same file a request sends
    assert [path.parent for path in big.iterdir()] == [big]  # in the project's folder


def test_the_status_part_alone_answers_htmx(
    client, member, big, django_capture_on_commit_callbacks
):
    ask(client, django_capture_on_commit_callbacks)
    page = reverse("league:download", args=[Job.objects.get(kind=Kind.EXPORT).pk])
    part = client.get(page, headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<div id="download-status"') and "<html" not in part


def test_only_the_member_who_asked_sees_the_page_and_the_file(
    client, member, big, run_jobs, django_capture_on_commit_callbacks
):
    ask(client, django_capture_on_commit_callbacks)
    run_jobs()
    job = Job.objects.get(kind=Kind.EXPORT)
    urls = [
        reverse("league:download", args=[job.pk]),
        reverse("league:download_file", args=[job.pk]),
    ]
    client.force_login(UserFactory(username="someone-else"))
    assert [client.get(url).status_code for url in urls] == [404, 404]
    client.logout()
    assert all(client.get(url)["Location"].startswith(reverse("login")) for url in urls)


def test_a_visitor_is_asked_to_sign_in_for_a_big_export(client, big):
    response = client.get(LEADERBOARD, {"_export": "csv"}, follow=True)
    login, _ = response.redirect_chain[0]
    assert login.startswith(reverse("login")) and "_export%3Dcsv" in login
    assert "holds 3 rows, more than the site sends at once. Sign in" in response.content.decode()
    assert not Job.objects.filter(kind=Kind.EXPORT).exists()


def test_asking_again_leads_to_the_same_job_and_waiting_jobs_are_bounded(
    client, member, big, django_capture_on_commit_callbacks
):
    first = ask(client, django_capture_on_commit_callbacks)
    assert ask(client, django_capture_on_commit_callbacks).url == first.url
    for order in ("played_on", "-played_on"):  # other selections of the same size
        ask(client, django_capture_on_commit_callbacks, sort=order)
    assert Job.objects.filter(kind=Kind.EXPORT).count() == downloads.MAX_UNFINISHED
    refused = client.get(LEADERBOARD, {"_export": "xlsx"}, follow=True)
    assert "downloads being prepared: wait for one" in refused.content.decode()
    assert Job.objects.filter(kind=Kind.EXPORT).count() == downloads.MAX_UNFINISHED


def test_a_failed_export_shows_its_reason(
    client, member, big, run_jobs, django_capture_on_commit_callbacks, monkeypatch
):
    def broken(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr("league.pages.exports.export_write", broken)
    ask(client, django_capture_on_commit_callbacks)
    run_jobs()
    job = Job.objects.get(kind=Kind.EXPORT)
    assert job.status == JobStatus.FAILED
    page = client.get(reverse("league:download", args=[job.pk])).content.decode()
    assert "could not be prepared: OSError: No space left on device" in page
    assert client.get(reverse("league:download_file", args=[job.pk])).status_code == 404
    assert list(big.iterdir()) == []  # no half-written file left behind


def test_the_file_is_deleted_after_its_time_and_the_page_says_so(
    client, member, big, run_jobs, django_capture_on_commit_callbacks
):
    ask(client, django_capture_on_commit_callbacks)
    run_jobs()
    job = Job.objects.get(kind=Kind.EXPORT)
    assert len(list(big.iterdir())) == 1
    assert exports_sweep() == 0  # still within its time
    Job.objects.filter(pk=job.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert exports_sweep() == 1
    assert list(big.iterdir()) == []
    assert client.get(reverse("league:download_file", args=[job.pk])).status_code == 404
    page = client.get(reverse("league:download", args=[job.pk])).content.decode()
    assert "This file has been deleted" in page
    fresh = ask(client, django_capture_on_commit_callbacks)  # asking again starts anew
    assert fresh.url != reverse("league:download", args=[job.pk])


def test_a_job_the_worker_never_finished_is_marked_failed_by_the_sweep(settings, member, big):
    stuck = Job.objects.create(kind=Kind.EXPORT, description="x", status=JobStatus.RUNNING)
    Job.objects.filter(pk=stuck.pk).update(
        created_at=timezone.now() - datetime.timedelta(seconds=settings.LEAGUE_EXPORT_MAX_AGE + 1)
    )
    exports_sweep()
    stuck.refresh_from_db()
    assert stuck.status == JobStatus.FAILED and "Interrupted" in stuck.error
