"""seed_demo: a realistic league, every game valid by the rule module."""

import pytest
from django.core.management import call_command
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
