"""The demo (issue 15): its login plays as a team it captains, and it runs with DEBUG off."""

import io
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Player, Session, Status, Team
from tests.addresses import reverse
from tests.factories import UserFactory, first_league
from tests.test_settings import PRODUCTION, manage

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_database(monkeypatch):
    """The test database passes for a demo one (its name holds "test")."""
    from games.management.commands import seed_demo

    monkeypatch.setattr(seed_demo, "DEMO_DATABASE_MARK", "test")


def seed(**options) -> tuple[str, str]:
    """Run seed_demo with the demo login; its output and the printed password."""
    out = io.StringIO()
    call_command("seed_demo", demo_login=True, stdout=out, **options)
    text = out.getvalue()
    return text, re.search(r"password '([^']+)'", text).group(1)


def played_as_team(player: Player, team: Team):
    return Session.objects.filter(team=team, seats__player=player, status=Status.APPROVED)


@pytest.mark.parametrize("games", [0, 120])
def test_the_demo_login_plays_as_a_team_it_captains(demo_database, games):
    text, _ = seed(games=games, seed=3)
    user = get_user_model().objects.get(username="demo")
    player = user.player
    team = Team.objects.get(captain=user)
    assert team.members.filter(pk=player.pk).exists()
    played = played_as_team(player, team)
    assert played.exists()
    assert (
        f"It plays as {player}, captain of {team}, who played {played.distinct().count()} of"
        in text
    )
    # Its games are valid by the rules, as every demo game is.
    for session in played.distinct():
        session.full_clean()


def test_running_the_demo_again_keeps_its_player_and_team(demo_database):
    seed(games=40, seed=2)
    user = get_user_model().objects.get(username="demo")
    before = (user.player.pk, Team.objects.get(captain=user).pk, Session.objects.count())
    seed(games=40, seed=2, if_empty=True)
    user.refresh_from_db()
    assert (user.player.pk, Team.objects.get(captain=user).pk, Session.objects.count()) == before
    assert Player.objects.filter(user=user).count() == 1


def test_the_demo_login_can_record_a_game_as_its_team(demo_database, client):
    _, password = seed(games=0)
    response = client.post(reverse("login"), {"username": "demo", "password": password})
    assert response.status_code == 302
    team = Team.objects.get(captain__username="demo")
    form = client.get(reverse("games:new")).context["form"]
    assert team in form.fields["team"].queryset
    assert client.get(reverse("league:team", args=[team.slug])).status_code == 200


def test_the_demo_login_organises_moderates_and_reads_the_jobs_list(demo_database, client):
    _, password = seed(games=0)
    client.post(reverse("login"), {"username": "demo", "password": password})
    for url in [
        reverse("league:organise"),
        reverse("league:organise_people"),
        reverse("games:pending"),
        reverse("admin:jobs_job_changelist"),
    ]:
        assert client.get(url).status_code == 200, url
    # An organiser of the first league (a role held once: listed among the organisers).
    people = client.get(reverse("league:organise_people")).content.decode()
    assert people.count("<li>demo <a") == 1


def test_a_claimed_player_is_never_taken_from_its_member(demo_database):
    from games.bulk.demo_login import DEMO_TEAM, demo_player

    seed(games=30, seed=4)
    team = Team.objects.get(name=DEMO_TEAM)
    demo = get_user_model().objects.get(username="demo")
    # Another account claims every other member; a fresh demo login still finds a player.
    Player.objects.filter(user=demo).update(user=None)
    for n, member in enumerate(team.members.filter(user__isnull=True)):
        member.user = UserFactory(username=f"member{n}")
        member.save(update_fields=["user"])
    playing = demo_player(demo, first_league())
    assert playing.player.user == demo and playing.team == team
    assert played_as_team(playing.player, team).exists()


def test_a_wrong_address_with_debug_off_shows_the_sites_own_page(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Nothing here" in html and 'aria-label="Main"' in html
    assert "Page not found at" not in html  # Django's debug page


def makefile_demo_env() -> dict[str, str]:
    """The settings `make demo` runs with (its DEMO_ENV), the secret key filled in."""
    text = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    block = re.search(r"^DEMO_ENV = (.*?[^\\])$", text, re.S | re.M).group(1)
    pairs = dict(item.split("=", 1) for item in block.replace("\\\n", " ").split())
    pairs["DJANGO_SECRET_KEY"] = "demo-test-key-" + "q8Zr3Lx7" * 6
    return {k: v for k, v in pairs.items() if k.startswith("DJANGO_")}


def test_the_demo_runs_with_debug_off_on_plain_http():
    env = makefile_demo_env()
    assert env["DJANGO_DEBUG"] == "0"
    shown = (
        "from django.conf import settings as s; "
        "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.ALLOWED_HOSTS, s.STORAGES['staticfiles']['BACKEND'].rsplit('.', 1)[1])"
    )
    result = manage("shell", "--no-imports", "-c", shown, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "False",
        "False",
        "False",
        "False",
        "['127.0.0.1',",
        "'localhost']",
        "CompressedManifestStaticFilesStorage",
    ]
    production = manage("shell", "--no-imports", "-c", shown, **PRODUCTION)
    assert production.stdout.split()[:4] == ["False", "True", "True", "True"]
