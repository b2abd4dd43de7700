"""seed_demo: a realistic league, every game valid by the rule module."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db.models import Count

from games import rules
from games.models import Seat, Session
from games.scoring import sessions_rescore

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
        totals = rules.team_totals([seat.as_result() for seat in session.seats.all()])
        boxes = [box.name for box in session.boxes.all()]
        assert session.result_errors(totals=totals, box_names=boxes) == {}
        session.full_clean()


def test_seed_demo_is_repeatable_and_respects_if_empty():
    call_command("seed_demo", games=30, seed=3, verbosity=0)
    first = list(Session.objects.order_by("pk").values_list("ancient_one", "score"))
    call_command("seed_demo", games=30, seed=3, if_empty=True, verbosity=0)
    assert Session.objects.count() == 30
    Session.objects.all().delete()
    call_command("seed_demo", games=30, seed=3, verbosity=0)
    assert list(Session.objects.order_by("pk").values_list("ancient_one", "score")) == first


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
    assert client.login(username="demo", password=password)
