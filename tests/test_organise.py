"""The Organise area (issue 30, item 10): only organisers (of the league, a membership
role; or site staff with the permission) name and remove moderators and organisers, create
and edit seasons, export the league's whole history as a job and set the home page's
announcement."""

import csv
import datetime
import io

import pytest
from django.utils import timezone, translation

from games.jobs.models import JobStatus, Kind
from league.caching import page_cache
from league.models import ANNOUNCEMENT_MAX_LENGTH, Announcement, Season
from league.organise import history
from league.organise.forms import AnnouncementForm
from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    first_league,
    game,
    member_of,
    moderator,
    organiser,
    seat,
)

pytestmark = pytest.mark.django_db

ORGANISE = reverse("league:organise")
PEOPLE = reverse("league:organise_people")
SEASONS = reverse("league:organise_seasons")
NEW_SEASON = reverse("league:organise_season_new")
ANNOUNCEMENT = reverse("league:organise_announcement")
EXPORT = reverse("league:organise_export")
HOME = reverse("league:home")


def remove_url(role: str, user) -> str:
    return reverse("league:organise_role_remove", args=[role, user.pk])


def members(role: str) -> set[str]:
    """Who holds ``role`` in the first league."""
    held = first_league().memberships.filter(role=role)
    return set(held.values_list("user__username", flat=True))


@pytest.fixture
def boss(client):
    """An organiser of the league by their membership alone (no site permission)."""
    user = member_of(UserFactory(username="boss"), first_league(), "organiser")
    client.force_login(user)
    return user


# -- Who may enter -------------------------------------------------------------------------

WHO = {
    "member": lambda: UserFactory(username="member"),
    "moderator": lambda: moderator(),
    "staff without the permission": lambda: UserFactory(username="staff", is_staff=True),
}


def every_page() -> list[str]:
    season = SeasonFactory(name="Winter", slug="winter")
    someone = moderator("someone")
    return [
        ORGANISE,
        PEOPLE,
        remove_url("moderators", someone),
        SEASONS,
        NEW_SEASON,
        reverse("league:organise_season", args=[season.pk]),
        ANNOUNCEMENT,
        EXPORT,
    ]


def test_a_visitor_is_sent_to_sign_in(client):
    for url in every_page():
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("who", WHO)
def test_a_member_moderator_or_staff_without_the_permission_gets_403(client, who):
    pages = every_page()
    client.force_login(WHO[who]())
    assert {url: client.get(url).status_code for url in pages} == dict.fromkeys(pages, 403)
    # Nor may they write: nothing changes.
    posts = [
        (PEOPLE, {"username": who.split()[0], "role": "organisers"}),
        (NEW_SEASON, {"name": "Spring", "start": "2026-03-01", "end": "2026-05-31"}),
        (ANNOUNCEMENT, {"text": "Hello"}),
        (EXPORT, {}),
        (remove_url("moderators", UserFactory(username="mod2")), {}),
    ]
    assert [client.post(url, data).status_code for url, data in posts] == [403] * len(posts)
    assert members("organiser") == set()
    assert not Season.objects.filter(name="Spring").exists()
    assert not Announcement.objects.exists()
    assert not history.history_jobs().exists()


@pytest.mark.parametrize("user", ["organiser", "superuser"])
def test_an_organiser_opens_every_page(client, user):
    pages = every_page()
    if user == "organiser":
        client.force_login(organiser())
    else:
        client.force_login(UserFactory(username="root", is_superuser=True))
    assert {url: client.get(url).status_code for url in pages} == dict.fromkeys(pages, 200)


def test_only_organisers_see_organise_in_the_navigation(client):
    client.force_login(moderator())
    assert 'data-testid="organise-link"' not in client.get(HOME).content.decode()
    client.force_login(organiser())
    assert f'href="{ORGANISE}" data-testid="organise-link"' in client.get(HOME).content.decode()


# -- Moderators and organisers ------------------------------------------------------------


def test_an_organiser_names_a_moderator_and_an_organiser(client, boss):
    UserFactory(username="kit")
    response = client.post(PEOPLE, {"username": "kit", "role": "moderators"}, follow=True)
    assert "kit is now a moderator." in response.content.decode()
    assert members("moderator") == {"kit"}
    client.post(PEOPLE, {"username": "kit", "role": "organisers"})
    # One role in a league: an organiser moderates too, and is listed as an organiser.
    assert members("organiser") == {"boss", "kit"}
    assert members("moderator") == set()
    page = client.get(PEOPLE).content.decode()
    assert remove_url("organisers", UserFactory(username="kit")) in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "nobody", "role": "moderators"}, "No active account is named “nobody”."),
        ({"username": "boss", "role": "organisers"}, "boss is already an organiser."),
        ({"username": "x" * 151, "role": "moderators"}, "at most 150 characters"),
        ({"username": "kit", "role": "kings"}, "Select a valid choice."),
        ({"username": "", "role": "moderators"}, "This field is required."),
    ],
)
def test_a_refused_name_comes_back_with_what_was_typed(client, boss, data, message):
    UserFactory(username="gone", is_active=False)
    response = client.post(PEOPLE, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert "Nobody was named" in html
    if data["username"]:
        assert f'value="{data["username"]}"' in html
    assert members("moderator") == set()
    assert members("organiser") == {"boss"}


def test_an_inactive_account_is_not_named(client, boss):
    UserFactory(username="gone", is_active=False)
    client.post(PEOPLE, {"username": "gone", "role": "moderators"})
    assert members("moderator") == set()


def test_removing_asks_first_then_removes(client, boss):
    kit = moderator("kit")
    url = remove_url("moderators", kit)
    page = client.get(url).content.decode()
    assert "Remove kit from the moderators?" in page
    assert members("moderator") == {"kit"}  # asking changed nothing
    response = client.post(url, follow=True)
    assert "kit is no longer a moderator." in response.content.decode()
    assert members("moderator") == set()
    kit.refresh_from_db()
    assert kit.is_active  # the account stays


def test_the_roles_are_named_in_the_readers_language_never_by_their_group(client, boss):
    kit = moderator("kit")
    with translation.override("de"):
        people = client.get(reverse("league:organise_people")).content.decode()
        asked = client.get(remove_url("moderators", kit)).content.decode()
    assert "<h2>Moderatoren</h2>" in people and "<h2>Organisatoren</h2>" in people
    assert "kit aus den Moderatoren" in people and "boss aus den Organisatoren" in people
    assert "kit aus den Moderatoren entfernen?" in asked
    for stored in ("Moderators", " moderators", "Organisers", " organisers"):  # the groups'
        assert stored not in people + asked


def test_the_last_organiser_cannot_be_removed(client, boss):
    response = client.post(remove_url("organisers", boss), follow=True)
    assert "boss is the last organiser: name another one first." in response.content.decode()
    assert members("organiser") == {"boss"}


def test_an_organiser_may_step_down_when_another_remains(client, boss):
    member_of(UserFactory(username="kit"), first_league(), "organiser")
    response = client.post(remove_url("organisers", boss))
    assert response["Location"] == HOME
    assert members("organiser") == {"kit"}
    assert client.get(ORGANISE).status_code == 403


def test_removing_someone_without_the_role_or_an_unknown_role(client, boss):
    stranger = UserFactory(username="stranger")
    page = client.get(remove_url("moderators", stranger)).content.decode()
    main = page.split("<main")[1].split("</main>")[0]  # the footer has the language form
    assert "stranger is not a moderator" in main and "<form" not in main
    response = client.post(remove_url("moderators", stranger), follow=True)
    assert "stranger is not a moderator." in response.content.decode()
    assert client.get(remove_url("kings", stranger)).status_code == 404
    assert client.post(remove_url("moderators", UserFactory.build(pk=99999))).status_code == 404


# -- Seasons ------------------------------------------------------------------------------


def test_an_organiser_creates_and_edits_a_season(client, boss):
    response = client.post(
        NEW_SEASON, {"name": "Spring 2027", "start": "2027-03-01", "end": "2027-05-31"}
    )
    assert response["Location"] == SEASONS
    season = Season.objects.get(name="Spring 2027")
    assert (season.slug, season.start, season.end) == (
        "spring-2027",
        datetime.date(2027, 3, 1),
        datetime.date(2027, 5, 31),
    )
    edit = reverse("league:organise_season", args=[season.pk])
    assert 'value="Spring 2027"' in client.get(edit).content.decode()
    client.post(edit, {"name": "Spring 2027 (long)", "start": "2027-03-01", "end": "2027-06-30"})
    season.refresh_from_db()
    # Renamed, its address kept: links to its standings still work.
    assert (season.name, season.slug, season.end) == (
        "Spring 2027 (long)",
        "spring-2027",
        datetime.date(2027, 6, 30),
    )
    assert "Spring 2027 (long)" in client.get(SEASONS).content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"name": "Backwards", "start": "2027-05-01", "end": "2027-04-01"},
            "A season cannot end before it starts.",
        ),
        ({"name": "Winter", "start": "2027-01-01", "end": "2027-02-01"}, "already exists"),
        ({"name": "Bad date", "start": "2027-13-45", "end": "2027-02-01"}, "Enter a valid date."),
        ({"name": "—", "start": "2027-01-01", "end": "2027-02-01"}, "at least one letter"),
        ({"name": "n" * 81, "start": "2027-01-01", "end": "2027-02-01"}, "at most 80"),
    ],
)
def test_a_refused_season_comes_back_with_what_was_typed(client, boss, data, message):
    SeasonFactory(name="Winter", slug="winter")
    response = client.post(NEW_SEASON, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html and "The season was not saved" in html
    assert f'value="{data["name"]}"' in html and f'value="{data["start"]}"' in html
    assert Season.objects.count() == 1


def test_a_season_another_organiser_saved_meanwhile_comes_back_at_its_field(
    client, boss, monkeypatch
):
    """The database refuses the save of a name taken between the checks and the save: the
    form comes back with what was typed and the clash at the name."""
    from league.organise.forms import SeasonForm

    checked = SeasonForm.clean

    def clean_then_the_other_saves(form):
        cleaned = checked(form)
        if not Season.objects.filter(slug="spring-too").exists():
            SeasonFactory(name="Spring 2027", slug="spring-too")
        return cleaned

    monkeypatch.setattr(SeasonForm, "clean", clean_then_the_other_saves)
    data = {"name": "Spring 2027", "start": "2027-03-01", "end": "2027-05-31"}
    response = client.post(NEW_SEASON, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "already exists with this name" in html and 'value="2027-05-31"' in html
    assert Season.objects.filter(name="Spring 2027").count() == 1


def test_a_season_with_another_ones_address_is_refused(client, boss):
    SeasonFactory(name="Winter!", slug="winter")
    response = client.post(
        NEW_SEASON, {"name": "Winter", "start": "2027-01-01", "end": "2027-02-01"}
    )
    assert "Another season already has this address" in response.content.decode()
    assert Season.objects.count() == 1


def test_a_new_season_retires_the_cached_pages(client, boss):
    standings = reverse("league:standings")
    game(seats=[seat("Ann")])
    assert "Summer 2026" not in client.get(standings).content.decode()
    today = timezone.localdate()
    client.post(
        NEW_SEASON,
        {"name": "Summer 2026", "start": today - datetime.timedelta(days=5), "end": today},
    )
    assert "Summer 2026" in client.get(standings).content.decode()
    assert "Summer 2026" in client.get(HOME).content.decode()  # the current season


# -- The announcement ---------------------------------------------------------------------


def test_an_announcement_shows_on_the_home_page_at_once(client, boss):
    assert 'data-testid="announcement"' not in client.get(HOME).content.decode()  # cached now
    response = client.post(ANNOUNCEMENT, {"text": "  Club night\nmoves to Friday.\x07 "})
    assert response["Location"] == ORGANISE
    assert Announcement.objects.get().text == "Club night moves to Friday."
    client.logout()
    home = client.get(HOME).content.decode()
    assert (
        '<aside class="announcement" aria-label="Announcement" data-testid="announcement">'
        "<p>Club night moves to Friday.</p></aside>"
    ) in home


def test_an_announcement_is_plain_text(client, boss):
    client.post(ANNOUNCEMENT, {"text": "<b>Hi</b> & <script>x()</script>"})
    home = client.get(HOME).content.decode()
    assert "&lt;b&gt;Hi&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;" in home


def test_saving_again_replaces_it_and_empty_takes_it_down(client, boss):
    client.post(ANNOUNCEMENT, {"text": "First"})
    client.post(ANNOUNCEMENT, {"text": "Second"})
    assert list(Announcement.objects.values_list("text", flat=True)) == ["Second"]
    assert "Second" in client.get(HOME).content.decode()
    response = client.post(ANNOUNCEMENT, {"text": ""}, follow=True)
    assert "The announcement is taken down." in response.content.decode()
    assert 'data-testid="announcement"' not in client.get(HOME).content.decode()


def test_an_expired_announcement_is_not_shown(client, boss):
    soon = timezone.localtime() + datetime.timedelta(hours=1)
    client.post(ANNOUNCEMENT, {"text": "Until soon", "expires_at": soon.strftime("%Y-%m-%dT%H:%M")})
    assert Announcement.objects.showing().text == "Until soon"
    Announcement.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert Announcement.objects.showing() is None


def test_a_cached_home_page_leaves_with_its_announcement(client, boss, settings):
    kept = []
    real_store = page_cache.store
    settings.LEAGUE_PAGE_CACHE_SECONDS = 600

    def store(key, built_from, segments, headers, seconds=None):
        kept.append(seconds)
        real_store(key, built_from, segments, headers, seconds)

    soon = timezone.localtime() + datetime.timedelta(minutes=3)
    client.post(ANNOUNCEMENT, {"text": "Tonight", "expires_at": soon.strftime("%Y-%m-%dT%H:%M")})
    client.logout()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(page_cache, "store", store)
        assert "Tonight" in client.get(HOME).content.decode()
    assert len(kept) == 1 and 60 <= kept[0] <= 180  # until it expires, not ten minutes


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"text": "x" * (ANNOUNCEMENT_MAX_LENGTH + 1)},
            f"at most {ANNOUNCEMENT_MAX_LENGTH} characters",
        ),
        ({"text": "Too late", "expires_at": "2020-01-01T10:00"}, "Pick a moment still to come."),
        ({"text": "Nonsense", "expires_at": "someday"}, "Enter a valid date/time."),
    ],
)
def test_a_refused_announcement_comes_back_with_what_was_typed(client, boss, data, message):
    response = client.post(ANNOUNCEMENT, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html and "The announcement was not saved" in html
    assert data["text"] in html
    assert not Announcement.objects.exists()


def test_an_announcement_is_written_whole_or_not_at_all(client, boss, monkeypatch):
    client.post(ANNOUNCEMENT, {"text": "Kept"})

    def broken_save(self, commit=True):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(AnnouncementForm, "save", broken_save)
    client.raise_request_exception = False
    assert client.post(ANNOUNCEMENT, {"text": "Lost"}).status_code == 500
    # The old one was deleted inside the same transaction: rolled back with it.
    assert list(Announcement.objects.values_list("text", flat=True)) == ["Kept"]


# -- The league's history as a job -------------------------------------------------------


@pytest.fixture
def league(settings, tmp_path):
    settings.LEAGUE_EXPORT_DIR = tmp_path / "exports"
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], played_on=datetime.date(2026, 1, 2))
    game(
        seats=[seat("Ann")],
        played_on=datetime.date(2026, 1, 3),
        outcome="defeat",
        defeat_cause="devoured",
    )
    PlayerFactory(name="Private Pat")
    game(seats=[seat("Private Pat")], status="pending")
    return tmp_path / "exports"


def test_an_organiser_exports_the_whole_history_as_a_job(
    client, boss, league, run_jobs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(EXPORT)
    assert response["Location"] == EXPORT
    job = history.history_jobs().get()
    assert (job.kind, job.source, job.started_by, job.status) == (
        Kind.EXPORT,
        history.HISTORY_SOURCE,
        boss,
        JobStatus.QUEUED,
    )
    assert "waiting for a worker" in client.get(EXPORT).content.decode()
    assert run_jobs() == 1
    job.refresh_from_db()
    assert (job.status, job.result) == (JobStatus.DONE, "2 games written")
    file_url = reverse("league:organise_export_file", args=[job.pk])
    page = client.get(EXPORT).content.decode()
    assert file_url in page and "arkham-league-history-" in page
    download = client.get(file_url)
    rows = list(csv.DictReader(io.StringIO(b"".join(download.streaming_content).decode())))
    # One row per seat of every approved game; the pending game's private player is absent.
    assert [row["Player"] for row in rows] == ["Ann", "Bob", "Ann"]
    assert {row["Status"] for row in rows} == {"approved"}
    assert "attachment" in download["Content-Disposition"]


def test_only_organisers_fetch_the_history(
    client, boss, league, run_jobs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(EXPORT)
    run_jobs()
    job = history.history_jobs().get()
    file_url = reverse("league:organise_export_file", args=[job.pk])
    # Not through the table downloads' pages either, even for the organiser who asked.
    assert client.get(reverse("league:download", args=[job.pk])).status_code == 404
    assert client.get(reverse("league:download_file", args=[job.pk])).status_code == 404
    client.force_login(organiser("kit"))
    fetched = client.get(file_url)
    assert b"".join(fetched.streaming_content).startswith(b"Game,")  # any organiser
    client.force_login(moderator())
    assert client.get(file_url).status_code == 403
    member_of(boss, first_league(), "member")
    client.force_login(boss)
    assert client.get(file_url).status_code == 403  # no longer an organiser


def test_one_history_export_at_a_time(client, boss, league, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(EXPORT)
        client.post(EXPORT)
    assert history.history_jobs().count() == 1
    assert "disabled" in client.get(EXPORT).content.decode()


def test_a_deleted_history_file_is_a_404(
    client, boss, league, run_jobs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(EXPORT)
    run_jobs()
    job = history.history_jobs().get()
    history.history_jobs().update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert client.get(reverse("league:organise_export_file", args=[job.pk])).status_code == 404
    assert "deleted (files are kept for a while only)" in client.get(EXPORT).content.decode()
