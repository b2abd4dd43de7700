"""seed_demo: a realistic league, every game valid by the rule module."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Prefetch

from games import rules
from games.models import Player, Seat, Session
from games.scoring import sessions_rescore
from tests.addresses import reverse
from tests.factories import moderator

pytestmark = pytest.mark.django_db


def test_seed_demo_makes_a_valid_league():
    call_command("seed_demo", games=400, seed=7, verbosity=0)
    assert Session.objects.count() == 400
    outcomes = dict(Session.objects.values_list("outcome").annotate(n=Count("pk")))
    assert set(outcomes) == set(rules.OUTCOMES)
    assert Session.objects.approved().count() > 300
    assert 20 <= Seat.objects.values("player").distinct().count() <= 36
    # Stored scores and totals are exactly what the rule module computes from the seats.
    assert sessions_rescore(Session.objects.all()) == 0
    counts = Session.objects.values_list("investigator_count", flat=True).distinct()
    assert set(counts) <= set(range(1, 9)) and len(set(counts)) >= 6
    for session in Session.objects.prefetch_related("seats", "boxes").select_related("ancient_one"):
        seats = list(session.seats.all())
        totals = rules.team_totals([seat.as_result(session.outcome) for seat in seats])
        boxes = [box.name for box in session.boxes.all()]
        endings = [seat.ended for seat in seats]
        assert session.result_errors(totals=totals, box_names=boxes, endings=endings) == {}
        session.full_clean()


def test_seed_demo_stores_the_seat_flags_the_write_path_stores():
    call_command("seed_demo", games=300, seed=11, verbosity=0)
    sessions = Session.objects.prefetch_related(
        Prefetch("seats", Seat.objects.order_by("position"))
    )
    for session in sessions:
        seats = list(session.seats.all())
        stored = [(seat.first_citizen, seat.players_first_seat) for seat in seats]
        assert stored == session.seat_flags(seats), session.pk
        assert [seat.position for seat in seats] == list(range(1, len(seats) + 1))


def test_a_seeded_game_without_history_rows_has_a_history_page(client):
    call_command("seed_demo", games=5, seed=2, verbosity=0)
    session = Session.objects.first()
    assert not session.history.exists()  # bulk loads write no history
    client.force_login(moderator())
    response = client.get(reverse("games:history", kwargs={"pk": session.pk}))
    assert response.status_code == 200
    assert response.context["entries"] == []


def test_a_large_load_sets_the_indexes_aside_and_restores_every_one(monkeypatch):
    from games.bulk import seed

    tables = [Session, Seat, Session.boxes.through, Session.tasks_done.through]

    def schema():
        with connection.cursor() as cursor:
            return {
                model._meta.db_table: connection.introspection.get_constraints(
                    cursor, model._meta.db_table
                )
                for model in tables
            }

    before = schema()
    monkeypatch.setattr(seed, "LARGE_LOAD", 50)
    call_command("seed_demo", games=120, seed=4, verbosity=0)
    assert schema() == before
    assert Session.objects.count() == 120
    assert sessions_rescore(Session.objects.all()) == 0
    # The keys came back working: a second seat for an investigator already seated fails.
    seat = Seat.objects.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.bulk_create(
            [
                Seat(
                    session=seat.session,
                    player=seat.player,
                    investigator=seat.investigator,
                    position=9,
                )
            ]
        )


def test_seed_demo_prints_games_per_second():
    out = io.StringIO()
    call_command("seed_demo", games=50, seed=1, stdout=out)
    assert re.search(r"50 demo games seeded in [\d.]+ s \([\d,]+ games/s\)", out.getvalue())


def test_seed_demo_is_repeatable_and_respects_if_empty():
    call_command("seed_demo", games=30, seed=3, verbosity=0)
    first = list(Session.objects.order_by("pk").values_list("ancient_one", "score"))
    call_command("seed_demo", games=30, seed=3, if_empty=True, verbosity=0)
    assert Session.objects.count() == 30
    Session.objects.all().delete()
    call_command("seed_demo", games=30, seed=3, verbosity=0)
    assert list(Session.objects.order_by("pk").values_list("ancient_one", "score")) == first


def test_seed_demo_plays_as_teams_and_enters_a_series_of_scenarios():
    from django.utils import timezone

    from games.models import Scenario, Series, Team
    from games.scenario_entries import scenario_entries_refresh
    from league.models import Season

    call_command("seed_demo", games=600, seed=5, verbosity=0)
    now = timezone.now()
    assert Team.objects.count() == 8 and Season.objects.count() == 2
    assert Session.objects.filter(team__isnull=False).count() > 0.6 * 600
    series = Series.objects.get()
    scenarios = list(series.scenarios.all())
    assert len(scenarios) == 10
    assert sum(s.is_closed(now) for s in scenarios) == 8
    assert sum(s.is_open(now) for s in scenarios) == 1
    assert sum(s.opens_at > now for s in scenarios) == 1
    for closed in (s for s in scenarios if s.is_closed(now)):
        assert closed.sessions.filter(is_entry=True, status="approved").exists(), closed
    assert not Scenario.objects.get(opens_at__gt=now).sessions.exists()
    played = Session.objects.filter(scenario__isnull=False).select_related(
        "scenario", "ancient_one", "herald"
    )
    assert played.count() > 20
    for game in played.prefetch_related("boxes", "seats", "tasks_done"):
        boxes = [box.name for box in game.boxes.all()]
        tasks = list(game.tasks_done.all())
        errors = game.scenario_errors(
            box_names=boxes, investigators=game.seats.count(), tasks=tasks
        )
        assert errors == {}, (game.pk, errors)
        assert game.tasks_completed == len(tasks)
        assert game.scenario_score == game.compute_scenario_score()
    # The bulk entries are the ones the one-game write path would store, group by group.
    before = set(Session.objects.filter(is_entry=True).values_list("pk", flat=True))
    Session.objects.update(is_entry=False)
    groups = Session.objects.filter(scenario__isnull=False).values_list("scenario", "entry_key")
    scenario_entries_refresh(*set(groups))
    assert set(Session.objects.filter(is_entry=True).values_list("pk", flat=True)) == before
    # A second run reuses the teams, series and seasons.
    call_command("seed_demo", games=20, seed=6, verbosity=0)
    assert (Team.objects.count(), Scenario.objects.count(), Season.objects.count()) == (8, 10, 2)


def test_seed_demo_creates_a_finished_and_a_running_season():
    from league.models import Season

    call_command("seed_demo", games=0, verbosity=0)
    call_command("seed_demo", games=0, verbosity=0)  # kept, not duplicated
    finished, running = Season.objects.order_by("start")
    assert Season.objects.count() == 2
    assert finished.is_finished and not running.is_finished


def test_seed_demo_on_a_full_database_says_what_it_did():
    call_command("seed_demo", games=12, seed=3, verbosity=0)
    out = io.StringIO()
    call_command("seed_demo", games=20000, if_empty=True, stdout=out)
    assert "already has 12 games: nothing seeded (asked for 20,000)" in out.getvalue()
    assert "make demo-reset" in out.getvalue()
    assert Session.objects.count() == 12


def test_the_demo_login_is_refused_outside_a_demo_database():
    with pytest.raises(CommandError, match="only works on a demo database"):
        call_command("seed_demo", games=0, demo_login=True, verbosity=0)
    assert not get_user_model().objects.filter(username="demo").exists()


def test_the_demo_login_is_a_staff_user_with_a_printed_password(monkeypatch, client):
    from games.management.commands import seed_demo

    monkeypatch.setattr(seed_demo, "DEMO_DATABASE_MARK", "test")  # the test database's name
    out = io.StringIO()
    call_command("seed_demo", games=0, demo_login=True, stdout=out)
    password = re.search(r"password '([^']+)'", out.getvalue()).group(1)
    user = get_user_model().objects.get(username="demo")
    assert user.is_staff and not user.is_superuser
    assert user.has_perm("games.change_session")
    assert user.check_password(password)


def test_a_league_bigger_than_the_name_pairs_gets_distinct_names():
    """A benchmark league's thousands of members: redrawing pairs alone would never end."""
    import random

    from games.bulk.league import FIRST_NAMES, SURNAMES, demo_players

    count = len(FIRST_NAMES) * len(SURNAMES) + 40
    players = demo_players(random.Random(1), count)
    names = [player.name for player in players]
    assert len(names) == count == len(set(names))
    assert any(re.fullmatch(r"\w+ [A-Z]\. \w+", name) for name in names)


def test_seed_demo_with_two_leagues_shares_some_players_and_keeps_each_leagues_own_rows():
    from games.models import Scenario, Series, Team
    from league.models import League, Season

    out = io.StringIO()
    call_command("seed_demo", games=300, seed=8, leagues=2, stdout=out)
    first, tuesday = League.objects.order_by("pk")
    assert (first.slug, tuesday.slug, tuesday.visibility) == ("arkham", "tuesday", "public")
    assert "Tuesday Table (/l/tuesday/, public): 150 games" in out.getvalue()
    assert [Session.objects.filter(league=x).count() for x in (first, tuesday)] == [150, 150]
    first_players, tuesday_players = (
        set(Seat.objects.filter(session__league=league).values_list("player", flat=True))
        for league in (first, tuesday)
    )
    # One player, one identity: some people play in both leagues, most in one.
    assert 1 <= len(first_players & tuesday_players) < len(first_players) // 2
    # Each league its own teams and seasons; the series of scenarios stays in the first.
    assert set(Team.objects.values_list("league", flat=True)) == {first.pk, tuesday.pk}
    assert Team.objects.filter(league=tuesday).count() == 4
    assert (
        Season.objects.filter(league=tuesday).count()
        == 2
        == Season.objects.filter(league=first).count()
    )
    assert set(Series.objects.values_list("league", flat=True)) == {first.pk}
    assert set(Scenario.objects.values_list("league", flat=True)) == {first.pk}
    assert not Session.objects.filter(league=tuesday, scenario__isnull=False).exists()
    # A game's team is of its league, and its players are its league's.
    assert not Session.objects.exclude(team__isnull=True).exclude(team__league=F("league")).exists()
    for team in Team.objects.prefetch_related("members"):
        members = {player.pk for player in team.members.all()}
        seated = Seat.objects.filter(session__team=team).values_list("player", flat=True)
        assert set(seated) <= members, team
    assert sessions_rescore(Session.objects.all()) == 0


def test_one_league_is_todays_demo_and_three_make_one_invitation_only():
    from league.models import League, Visibility

    call_command("seed_demo", games=40, seed=3, verbosity=0)
    assert League.objects.count() == 1
    assert set(Session.objects.values_list("league__slug", flat=True)) == {"arkham"}
    call_command("seed_demo", games=30, seed=3, leagues=3, verbosity=0)
    leagues = list(League.objects.order_by("pk"))
    assert [league.slug for league in leagues] == ["arkham", "tuesday", "saturday"]
    assert [league.visibility for league in leagues] == [
        Visibility.PUBLIC,
        Visibility.PUBLIC,
        Visibility.INVITATION,
    ]
    assert [Session.objects.filter(league=x).count() for x in leagues] == [50, 10, 10]


def test_too_many_leagues_are_refused():
    with pytest.raises(CommandError, match="--leagues 1 to"):
        call_command("seed_demo", games=0, leagues=0, verbosity=0)


def test_the_demo_login_organises_the_first_league_and_joins_the_leagues_it_plays_in(
    monkeypatch,
):
    from games.management.commands import seed_demo
    from league.models import League, MemberRole, Membership

    monkeypatch.setattr(seed_demo, "DEMO_DATABASE_MARK", "test")  # the test database's name
    call_command("seed_demo", games=200, seed=5, leagues=2, demo_login=True, verbosity=0)
    demo = get_user_model().objects.get(username="demo")
    first, tuesday = League.objects.order_by("pk")
    roles = dict(Membership.objects.filter(user=demo).values_list("league", "role"))
    assert roles[first.pk] == MemberRole.ORGANISER
    plays_tuesday = Session.objects.filter(league=tuesday, seats__player=demo.player).exists()
    assert (tuesday.pk in roles) == plays_tuesday
    if plays_tuesday:
        assert roles[tuesday.pk] == MemberRole.MEMBER


def test_an_account_whose_player_plays_in_two_leagues_is_a_member_of_both():
    from league.models import League, MemberRole, Membership

    call_command("seed_demo", games=200, seed=5, leagues=2, verbosity=0)
    first, tuesday = League.objects.order_by("pk")
    both = (
        Seat.objects.filter(session__league=first)
        .filter(player__seats__session__league=tuesday)
        .values_list("player", flat=True)
        .first()
    )
    user = get_user_model().objects.create_user("shared")
    Player.objects.filter(pk=both).update(user=user)
    call_command("seed_demo", games=0, seed=5, leagues=2, verbosity=0)  # memberships kept up
    roles = dict(Membership.objects.filter(user=user).values_list("league", "role"))
    assert roles == {first.pk: MemberRole.MEMBER, tuesday.pk: MemberRole.MEMBER}
