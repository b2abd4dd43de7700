"""No template source reaches a page: Django's ``{# #}`` is one line only, so a comment
spread over lines was printed above the result form's Save button on every visit."""

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import get_resolver
from django.utils import timezone

from games.models import AncientOne, Player, Scenario, Series, Session, Status, Team
from tests.addresses import reverse
from tests.factories import UserFactory, demo_league, game, moderator, organiser, seat

pytestmark = pytest.mark.django_db

LEAKS = ("{#", "#}", "{%", "%}", "{{", "}}")

# Named routes that are no page to open with GET, or whose text is not ours.
NOT_PAGES = {
    "games:preview",  # htmx POSTs the form (tested below with its POST)
    "games:moderate",  # POST only
    "games:choose_entry",  # POST only
    "league:team_invitation",  # POST only (its buttons are on My games)
    "games:claim_answer",  # POST only (its buttons are on My games and the claims queue)
    "games:player_search",  # JSON
    "bench:bare",  # benchmark switch, 404 unless enabled
    "league:download_file",  # a file (tests/test_export_jobs.py)
    "league:organise_export_file",  # a file (tests/test_organise.py)
    "league:organise_join_request",  # POST only (its buttons are on the People page)
    "bench:reference",  # the same (tests/test_benchmarks.py opens both)
}


def leaks(html: str) -> list[str]:
    return [mark for mark in LEAKS if mark in html]


def template_files() -> list[Path]:
    return sorted(Path(settings.BASE_DIR, "templates").rglob("*.*"))


def test_no_template_has_a_comment_spread_over_lines():
    """``{#`` must close on its own line; longer comments use ``{% comment %}``."""
    spread = []
    for path in template_files():
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if re.search(r"\{#(?!.*#\})", line):
                spread.append(f"{path.relative_to(settings.BASE_DIR)}:{number}")
    assert not spread, spread


def league_routes() -> set[str]:
    """Every named route of the league's own pages, as ``namespace:name``."""
    names = set()
    for namespace in ("league", "games"):
        resolver = get_resolver().namespace_dict[namespace][1]
        names |= {f"{namespace}:{name}" for name in resolver.reverse_dict if isinstance(name, str)}
    return names


@pytest.fixture
def league(db):
    """A league with something on every page: teams, scenarios, series, approved games,
    a pending game with a new player, and a rejected one."""
    demo_league(30, players=8)
    game(status=Status.PENDING, seats=[seat("Pending Newcomer", "Amanda Sharpe")])
    return Session.objects.filter(status=Status.APPROVED).order_by("pk").first()


def public_pages(approved: Session) -> list[str]:
    player = Player.objects.listed().order_by("pk").first()
    team = Team.objects.order_by("pk").first()
    scenario = Scenario.objects.order_by("pk").first()
    series = Series.objects.order_by("pk").first()
    ancient_one = AncientOne.objects.order_by("pk").first()
    return [
        reverse("league:home"),
        reverse("league:leaderboard"),
        reverse("league:standings"),
        reverse("league:player", kwargs={"slug": player.slug}),
        reverse("league:ancient_ones"),
        reverse("league:ancient_one", kwargs={"slug": ancient_one.slug}),
        reverse("league:teams"),
        reverse("league:team", kwargs={"slug": team.slug}),
        reverse("league:scenarios"),
        reverse("league:scenario", kwargs={"slug": scenario.slug}),
        reverse("league:series", kwargs={"slug": series.slug}),
        reverse("league:series_list"),
        reverse("league:rules"),
        reverse("league:offline"),
        reverse("league:investigators"),
        reverse("league:investigator", kwargs={"slug": approved.seats.first().investigator.slug}),
        reverse("league:search") + "?q=a",
        reverse("league:search") + "?q=%25",  # refused: no letter
        # The games filter with a refused date range and a teammate nobody is.
        reverse("league:player", kwargs={"slug": player.slug})
        + "?played_after=2026-02-01&played_before=2026-01-01&teammate=nobody",
        reverse("league:heralds"),
        reverse("league:boxes"),
        reverse("leagues"),
        reverse("across:board"),
        reverse("across:player", args=[player.slug]),
        reverse("across:ancient_one", args=[ancient_one.slug]),
        reverse("games:detail", kwargs={"pk": approved.pk}),
        reverse("feeds:results"),
        reverse("login"),
        reverse("signup"),
        reverse("password_reset"),
        "/no-such-page/",
    ]


def download_pages(owner=None) -> list[str]:
    """A big export's page while it runs and once done, as its owner sees them: ``owner``,
    or the latest account (the one each test here has just signed in with)."""
    from django.contrib.auth import get_user_model

    from games.jobs.models import Job, JobStatus, Kind

    owner = owner or get_user_model().objects.order_by("-pk").first()
    made = {
        "source": "/leaderboard/?_export=csv",
        "kind": Kind.EXPORT,
        "started_by": owner,
        "total": 120_000,
    }
    running = Job.objects.create(
        **made, description="Leaderboard as CSV", status=JobStatus.RUNNING, done=4000
    )
    done = Job.objects.create(
        **made,
        description="Leaderboard as CSV",
        status=JobStatus.DONE,
        done=120_000,
        file_name="1-abcdefghijklmnopqrstuv.csv",
        download_name="arkham-league-leaderboard.csv",
        expires_at=timezone.now() + datetime.timedelta(hours=1),
    )
    return [reverse("league:download", args=[job.pk]) for job in (running, done)]


def member_pages(approved: Session) -> list[str]:
    pending = Session.objects.filter(status=Status.PENDING).first()
    team = Team.objects.order_by("pk")[0]
    return [
        *download_pages(),
        reverse("games:new"),
        reverse("games:mine"),
        reverse("games:mine") + "?outcome=victory&played_after=2000-01-01",
        reverse("games:pending"),
        reverse("games:edit", kwargs={"pk": pending.pk}),
        reverse("games:withdraw", kwargs={"pk": pending.pk}),
        reverse("games:detail", kwargs={"pk": pending.pk}),
        reverse("games:history", kwargs={"pk": approved.pk}),
        reverse("games:edit", kwargs={"pk": approved.pk}),
        reverse("league:team_new"),
        reverse("league:team_members", kwargs={"slug": team.slug}),
        reverse("league:team_member_remove", args=[team.slug, team.members.first().pk]),
        reverse("games:claims"),
        reverse("games:claim"),
        reverse("password_change"),
    ]


def organise_pages() -> list[str]:
    from league.models import Season

    season = Season.objects.order_by("pk").first()
    scenario = Scenario.objects.order_by("pk").first()
    series = Series.objects.order_by("pk").first()
    someone = UserFactory(username="someone")
    return [
        reverse("league:organise"),
        reverse("league:organise_people"),
        reverse("league:organise_role_remove", args=["moderators", someone.pk]),
        reverse("league:organise_seasons"),
        reverse("league:organise_season_new"),
        reverse("league:organise_season", args=[season.pk]),
        reverse("league:organise_announcement"),
        reverse("league:organise_export"),
        reverse("league:organise_settings"),
        reverse("league:organise_scenarios"),
        reverse("league:organise_scenario_new"),
        reverse("league:organise_scenario", args=[scenario.pk]),
        reverse("league:organise_scenario_delete", args=[scenario.pk]),
        reverse("league:organise_series_new"),
        reverse("league:organise_series", args=[series.pk]),
        reverse("leagues:new"),
        reverse("leagues:membership", args=["arkham"]),
    ]


def test_every_league_route_is_checked_below(league):
    """A new page joins the list below (or says why it is no page)."""
    checked = public_pages(league) + member_pages(league) + organise_pages()
    paths = [url.split("?")[0] for url in checked if url != "/no-such-page/"]
    opened = {get_resolver().resolve(path).view_name for path in paths}
    missing = league_routes() - NOT_PAGES - opened
    assert not missing, sorted(missing)


@pytest.mark.parametrize("who", ["visitor", "member", "moderator", "organiser"])
def test_no_page_shows_template_source(client, league, who):
    if who == "organiser":
        client.force_login(organiser("boss"))
    elif who != "visitor":
        user = moderator("mod") if who == "moderator" else UserFactory(username="member")
        Player.objects.create(name=f"The {who}", user=user)
        client.force_login(user)
    urls = public_pages(league)
    if who == "moderator":
        Team.objects.filter(pk=Team.objects.order_by("pk")[0].pk).update(captain=user)
        urls += member_pages(league)
    elif who == "member":
        urls += [reverse("games:new"), reverse("games:mine"), reverse("league:team_new")]
    elif who == "organiser":
        urls += organise_pages()
    for url in urls:
        response = client.get(url, follow=True)  # signed in, the sign-up page moves on
        assert response.status_code in {200, 404}, (url, response.status_code)
        found = leaks(response.content.decode())
        assert not found, (url, found)


def test_the_result_form_after_a_failed_save_and_its_preview_show_no_template_source(
    client, league
):
    from tests.factories import result_form_data

    client.force_login(UserFactory())
    data = result_form_data(outcome="closed", terror_level=4)
    for url in (reverse("games:new"), reverse("games:preview")):
        html = client.post(url, data).content.decode()
        assert "Closing the gates" in html
        found = leaks(html)
        assert not found, (url, found)
