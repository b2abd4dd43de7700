"""Importing results from the admin: upload, preview with every problem, confirm."""

import csv
import io

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from playwright.sync_api import expect

from games.imports.format import HEADERS
from games.imports.uploads import upload_path
from games.jobs.models import Job, JobStatus, Kind
from games.models import Session
from tests.addresses import reverse
from tests.factories import LeagueFactory, UserFactory, first_league
from tests.test_import import csv_file, rows_of

IMPORT = "admin:games_session_import"
CONFIRM = "admin:games_session_import_confirm"
TEMPLATE = "admin:games_session_import_template"


@pytest.fixture
def staff_client(client, db):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def upload(client, rows, name="results.csv", **options):
    data = {
        "file": SimpleUploadedFile(name, csv_file(rows).getvalue()),
        "league": first_league().pk,
        "submitted_by_me": "on",
    }
    data.update(options)
    return client.post(reverse(IMPORT), data)


@pytest.mark.django_db
def test_the_games_list_offers_the_import(staff_client):
    html = staff_client.get(reverse("admin:games_session_changelist")).content.decode()
    assert reverse(IMPORT) in html


@pytest.mark.django_db
def test_the_import_page_documents_every_column_and_offers_a_template(staff_client):
    html = staff_client.get(reverse(IMPORT)).content.decode()
    for header in HEADERS:
        assert f'<th scope="row">{header}</th>' in html
    response = staff_client.get(reverse(TEMPLATE))
    assert response["Content-Disposition"] == 'attachment; filename="results-template.csv"'
    assert list(csv.reader(io.StringIO(response.content.decode()))) == [HEADERS]


@pytest.mark.django_db
def test_upload_previews_and_writes_nothing_until_confirmed(
    staff_client, run_jobs, django_capture_on_commit_callbacks
):
    response = upload(staff_client, rows_of("a") + rows_of("b", **{"Terror level": "3"}))
    assert response.status_code == 200
    report = response.context["report"]
    assert (report.games, report.valid, report.ok) == (2, 2, True)
    assert [game.reference for game in response.context["report"].preview] == ["a", "b"]
    assert not Session.objects.exists()
    confirm = response.context["confirm"].initial
    with django_capture_on_commit_callbacks(execute=True):
        done = staff_client.post(reverse(CONFIRM), {**confirm, "submitted_by_me": "True"})
    # Confirming starts a background job and shows its page.
    job = Job.objects.get(kind=Kind.IMPORT_RESULTS)
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:jobs_job_change", args=[job.pk])
    assert not Session.objects.exists()
    assert run_jobs() == 1
    assert Session.objects.count() == 2
    assert set(Session.objects.values_list("submitted_by__username", flat=True)) == {"staff"}
    job.refresh_from_db()
    assert (job.kind, job.status) == (Kind.IMPORT_RESULTS, JobStatus.DONE)
    assert job.description == "Import results from results.csv"
    assert job.result.startswith("2 games imported")
    assert not upload_path(confirm["token"]).exists()  # the job deleted the file


@pytest.mark.django_db
def test_the_preview_lists_every_problem_and_offers_no_import(staff_client):
    rows = rows_of("a", **{"Terror level": "12"}) + rows_of("b", **{"Ancient One": "Nobody"})
    response = upload(staff_client, rows)
    html = response.content.decode()
    assert "The terror level runs from 0 to 10." in html
    assert "No Ancient One is called “Nobody”." in html
    assert reverse(CONFIRM) not in html
    assert len(response.context["report"].problems) == 2


@pytest.mark.django_db
def test_skip_invalid_imports_the_valid_games_only(
    staff_client, run_jobs, django_capture_on_commit_callbacks
):
    rows = rows_of("good") + rows_of("bad", **{"Terror level": "12"})
    response = upload(staff_client, rows, skip_invalid="on")
    confirm = response.context["confirm"].initial
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(reverse(CONFIRM), {**confirm, "skip_invalid": "True"})
    run_jobs()
    assert Session.objects.count() == 1
    job = Job.objects.get(kind=Kind.IMPORT_RESULTS)
    assert job.result.startswith("1 game imported; 0 duplicates and 1 invalid game")


@pytest.mark.django_db
def test_a_token_not_from_this_session_imports_nothing(staff_client, client):
    response = upload(staff_client, rows_of())
    token = response.context["confirm"].initial["token"]
    other = UserFactory(username="other-staff", is_staff=True, is_superuser=True)
    client.force_login(other)
    client.post(reverse(CONFIRM), {"token": token})
    assert not Session.objects.exists()
    assert not Job.objects.filter(kind=Kind.IMPORT_RESULTS).exists()


@pytest.mark.django_db
def test_a_file_of_the_wrong_kind_comes_back_with_the_reason(staff_client):
    response = staff_client.post(
        reverse(IMPORT), {"file": SimpleUploadedFile("results.txt", b"hello")}
    )
    assert "must be a .csv or an .xlsx" in response.content.decode()
    broken = SimpleUploadedFile("results.csv", b"Game,Player\n1,Ann\n")
    response = staff_client.post(reverse(IMPORT), {"file": broken, "league": first_league().pk})
    assert "missing column" in response.content.decode()


@pytest.mark.django_db
def test_staff_without_the_add_permission_cannot_import(client):
    user = UserFactory(username="viewer", is_staff=True)
    user.user_permissions.add(
        Permission.objects.get(codename="view_session", content_type__app_label="games")
    )
    client.force_login(user)
    assert client.get(reverse(IMPORT)).status_code == 403
    assert client.get(reverse(TEMPLATE)).status_code == 403


@pytest.mark.browser
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_staff_upload_check_and_confirm_in_a_browser(
    page, live_server, catalog_rows, tmp_path, run_jobs
):
    UserFactory(username="staff", is_staff=True, is_superuser=True)
    path = tmp_path / "league.csv"
    path.write_bytes(csv_file(rows_of("g1") + rows_of("g2", **{"Terror level": "1"})).getvalue())
    page.goto(live_server.url + reverse("admin:login"))
    page.fill("#id_username", "staff")
    page.fill("#id_password", "correct-horse-battery")
    page.click("input[type=submit]")
    page.goto(live_server.url + reverse("admin:games_session_changelist"))
    page.click("text=Import results")
    page.set_input_files("#id_file", str(path))
    page.click("text=Check the file")
    expect(page.locator("#import-summary")).to_contain_text("2 would be imported")
    expect(page.locator("#import-preview tbody tr")).to_have_count(2)
    page.click("input[value='Import 2 games']")
    expect(page.locator(".messagelist")).to_contain_text("runs in the background")
    expect(page.locator(".job-progress")).to_contain_text("Queued")
    assert run_jobs() == 2  # the import, then the ratings job its games start
    page.reload()
    expect(page.locator(".job-progress")).to_contain_text("Done")
    expect(page.locator(".field-result")).to_contain_text("2 games imported")
    assert Session.objects.count() == 2


@pytest.mark.django_db
def test_the_upload_form_offers_the_leagues_the_first_chosen_and_imports_into_the_picked_one(
    staff_client, run_jobs, django_capture_on_commit_callbacks
):
    saturday = LeagueFactory(name="Saturday Club", slug="saturday")
    form = staff_client.get(reverse(IMPORT)).context["form"]
    assert form["league"].value() == first_league().pk
    assert list(form.fields["league"].queryset) == [first_league(), saturday]
    response = upload(staff_client, rows_of("a"), league=saturday.pk)
    assert "The games go to the league “Saturday Club”." in response.content.decode()
    confirm = response.context["confirm"].initial
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(reverse(CONFIRM), {**confirm, "submitted_by_me": "True"})
    assert run_jobs() == 1
    assert Session.objects.get().league == saturday
