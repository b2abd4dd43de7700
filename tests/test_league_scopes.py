"""A league-owned query outside a league scope is an error (``league.scopes``).

Inside ``scope(league=...)`` the managers of games, teams, scenarios, series, seasons and
announcements answer that league's rows only; outside any league scope they raise. A
league's page runs in its league's scope, a page outside any league in none; the operators'
commands and the background jobs read across leagues on purpose, with scopes on around
them. (Every other test arranges its rows with scopes off: tests/conftest.py.)
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import resolve
from django_scopes import scope
from django_scopes.exceptions import ScopeError

from games.models import Scenario, Series, Session, Team
from league.current import CurrentLeagueMiddleware
from league.models import Announcement, Season
from tests.factories import (
    LeagueFactory,
    SeasonFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

OWNED = [Session, Team, Scenario, Series, Season, Announcement]


def owned_rows(league, name: str) -> None:
    """One row of each kind in ``league``."""
    team = TeamFactory(name=f"{name} team", members=[f"{name} player"], league=league)
    series = SeriesFactory(name=f"{name} series", league=league)
    scenario(f"{name} scenario", series=series, league=league)
    SeasonFactory(name=f"{name} season", league=league)
    Announcement.objects.create(league=league, text=f"{name} news")
    game(seats=[seat(f"{name} player")], team=team, league=league)


@pytest.fixture
def two_leagues():
    a, b = first_league(), LeagueFactory(name="Second table")
    owned_rows(a, "First")
    owned_rows(b, "Second")
    return a, b


@pytest.mark.parametrize("model", OWNED, ids=lambda model: model.__name__)
def test_a_league_owned_query_outside_a_league_scope_is_an_error(model, two_leagues):
    with scope():
        with pytest.raises(ScopeError):
            list(model.objects.all())
        with pytest.raises(ScopeError):
            model.objects.filter(pk__gt=0).exists()
        with pytest.raises(ScopeError):
            model.objects.count()


@pytest.mark.parametrize("model", OWNED, ids=lambda model: model.__name__)
def test_inside_a_league_scope_a_query_answers_that_league_only(model, two_leagues):
    for league in two_leagues:
        with scope(league=league):
            assert set(model.objects.values_list("league", flat=True)) == {league.pk}
            assert model.objects.count() == 1


def request_through_middleware(view, league_slug=None, user=None):
    """``view``'s answer through ``CurrentLeagueMiddleware``, in a league's address or not."""
    request = RequestFactory().get("/")
    request.user = user or UserFactory()
    request.resolver_match = resolve("/en/")  # the leagues' list: in no league
    middleware = CurrentLeagueMiddleware(lambda request: respond(request))

    def respond(request):
        kwargs = {"league_slug": league_slug} if league_slug else {}
        middleware.process_view(request, view, (), kwargs)
        return view(request)

    return middleware(request)


def count_games(request):
    return HttpResponse(str(Session.objects.count()))


def test_a_league_page_reads_its_league_and_a_page_outside_leagues_reads_none(two_leagues):
    a, b = two_leagues
    with scope():  # as in a server's thread: no scope before the request
        assert request_through_middleware(count_games, a.slug).content == b"1"
        assert request_through_middleware(count_games, b.slug).content == b"1"
        with pytest.raises(ScopeError):
            request_through_middleware(count_games)


@pytest.mark.parametrize(
    "command",
    [
        ["rebuild_summaries"],
        ["rebuild_summaries", "--check"],
        ["recompute_scores"],
        ["rebuild_ratings"],
        ["sweep_jobs"],
    ],
    ids=" ".join,
)
def test_operators_commands_read_across_leagues_on_purpose(command, two_leagues):
    with scope():
        call_command(*command, stdout=io.StringIO(), stderr=io.StringIO())


def test_export_results_reads_one_league_or_all(two_leagues, tmp_path):
    with scope():
        call_command("export_results", str(tmp_path / "all.csv"), stdout=io.StringIO())
        call_command(
            "export_results",
            str(tmp_path / "b.csv"),
            "--league",
            two_leagues[1].slug,
            stdout=io.StringIO(),
        )
    assert "Second player" in (tmp_path / "all.csv").read_text()
    assert "First player" in (tmp_path / "all.csv").read_text()
    assert "First player" not in (tmp_path / "b.csv").read_text()


def test_background_jobs_read_across_leagues_on_purpose(
    two_leagues, run_jobs, django_capture_on_commit_callbacks
):
    from games.jobs.models import Job, JobStatus
    from games.jobs.tasks import ratings_replay_start, summaries_rebuild_start

    with django_capture_on_commit_callbacks(execute=True):
        jobs = [summaries_rebuild_start(), ratings_replay_start(everything=True)]
    with scope():
        assert run_jobs() == 2
    assert [Job.objects.get(pk=job.pk).status for job in jobs] == [JobStatus.DONE] * 2


def test_uniqueness_is_checked_in_every_league_from_one_leagues_scope(two_leagues):
    """A slug made in league B's scope is one no league has; a team's name is its league's
    own, checked in that league (a message, not a failed save)."""
    from django.core.exceptions import ValidationError

    a, b = two_leagues
    with scope(league=b):
        twin = TeamFactory(name="First team", members=["Second player"], league=b)
        assert Team.objects.filter(slug="first-team").count() == 0  # B sees only B
        with pytest.raises(ValidationError, match="already a team called"):
            Team(name="first  TEAM", league=b).full_clean()
    assert twin.slug == "first-team-2"


OUTSIDE_LEAGUES = [
    "/en/",
    "/en/leagues/new/",
    "/en/leagues/arkham/membership/",
    "/en/across/",
    "/en/across/players/ann/",
    "/en/across/ancient-ones/cthulhu/",
    "/en/accounts/password_change/",
    "/en/no-such-page/",  # the 404 page has the navigation too
    "/api/players",
    "/api/teams",
    "/api/openapi.json",
    "/admin/games/session/",
    "/admin/games/session/add/",
    "/admin/games/team/",
    "/admin/games/scenario/add/",
    "/admin/league/season/",
]


@pytest.mark.parametrize("role", ["visitor", "member", "moderator", "organiser", "superuser"])
def test_every_address_outside_a_league_answers_every_role(role):
    """No page outside a league reads a league's rows unscoped (a ScopeError is a 500)."""
    from django.test import Client

    from league.models import MemberRole

    league = first_league()
    game(seats=[seat("Ann")])
    game(seats=[seat("Bob")], status="pending")
    client = Client(raise_request_exception=False)
    if role == "superuser":
        client.force_login(UserFactory(is_staff=True, is_superuser=True))
    elif role != "visitor":
        user = UserFactory()
        league.memberships.create(user=user, role=MemberRole(role))
        client.force_login(user)
    answers = {url: client.get(url).status_code for url in OUTSIDE_LEAGUES}
    assert [url for url, status in answers.items() if status >= 500] == []
    assert answers["/en/"] == 200 and answers["/api/players"] == 200


def test_a_streamed_body_is_read_in_the_scope_it_was_made_in(two_leagues):
    """The server reads a streamed download after the middleware closed the request's scope."""
    from league.scopes import streamed

    a, b = two_leagues

    def counts():
        yield Session.objects.count()
        yield Team.objects.values_list("name", flat=True).get()

    with scope(league=b):
        body = streamed(counts())
    with scope():  # the server's thread, after the response left the middleware
        assert list(body) == [1, "Second team"]
        with pytest.raises(ScopeError):
            list(counts())


def test_a_csv_download_read_after_its_request_reads_its_league(client, two_leagues):
    from tests.addresses import reverse

    response = client.get(reverse("league:leaderboard") + "?_export=csv")
    assert response.streaming
    with scope():
        text = b"".join(response.streaming_content).decode()
    assert "First player" in text and "Second player" not in text
