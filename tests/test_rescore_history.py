"""A score moved by a catalog correction leaves a history entry saying why."""

import pytest
from django.core.management import call_command
from django.db import transaction

from games.models import AncientOne, Session
from games.scoring import _write_scores, sessions_rescore, sessions_rescore_stored
from tests.addresses import reverse
from tests.factories import UserFactory, demo_league, game, moderator, seat

pytestmark = pytest.mark.django_db


def latest(session):
    return session.history.order_by("-history_date", "-history_id").first()


def test_every_rescored_game_gets_a_history_entry_with_the_reason():
    games = [game(ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")]) for _ in range(3)]
    untouched = game(ancient_one="Cthulhu", seats=[seat("Bob", "Bob Jenkins")])
    records_before = {s.pk: s.history.count() for s in [*games, untouched]}
    AncientOne.objects.filter(name="Yig").update(doom_track=11)
    changed = sessions_rescore(Session.objects.all(), reason="Yig's doom track is 11", batch_size=2)
    assert changed == 3
    for session in games:
        assert session.history.count() == records_before[session.pk] + 1
        record = latest(session)
        assert record.history_change_reason == "Yig's doom track is 11"
        assert record.score == session.score + 1
        assert record.version == Session.objects.get(pk=session.pk).version
    assert untouched.history.count() == records_before[untouched.pk]


def test_the_history_page_shows_the_score_change_and_its_reason(client):
    session = game(ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")])
    AncientOne.objects.filter(name="Yig").update(doom_track=11)
    call_command("recompute_scores", "--ancient-one", "yig", verbosity=0)
    client.force_login(moderator())
    response = client.get(reverse("games:history", kwargs={"pk": session.pk}))
    entry = response.context["entries"][0]
    assert entry.reason == "Recomputed by recompute_scores for yig"
    assert ("score", session.score, session.score + 1) in [
        (str(label), old, new) for label, old, new in entry.changes
    ]
    assert "Why: Recomputed by recompute_scores for yig" in response.content.decode()


def test_a_doom_track_fix_in_the_admin_records_who_and_why(
    client, run_jobs, django_capture_on_commit_callbacks
):
    session = game(ancient_one="Eihort", seats=[seat("Ann", "Amanda Sharpe")])
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    eihort = AncientOne.objects.get(name="Eihort")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("admin:games_ancientone_change", args=[eihort.pk]),
            {"name": "Eihort", "slug": "eihort", "doom_track": 14, "box": eihort.box_id},
        )
    run_jobs()
    record = latest(session)
    assert record.history_change_reason == "Doom track of Eihort corrected to 14"
    assert record.history_user == staff


def _rescored(rescore) -> tuple[dict, dict]:
    """What ``rescore`` stores (derived values and version per game) and the history it
    adds (reason and score per game), rolled back afterwards."""
    fields = ("pk", *Session.DERIVED_FIELDS, "version")
    with transaction.atomic():
        rescore(Session.objects.all(), reason="Doom tracks corrected")
        stored = {row[0]: row[1:] for row in Session.objects.values_list(*fields)}
        history = {
            record.id: (
                record.score,
                record.scenario_score,
                sorted(record.boxes.values_list("box", flat=True)),
            )
            for record in Session.history.filter(history_change_reason="Doom tracks corrected")
        }
        transaction.set_rollback(True)
    return stored, history


def test_the_fast_rescore_stores_what_the_game_by_game_rescore_stores():
    demo_league(150, seed=12)
    AncientOne.objects.filter(name__in=["Yig", "Cthulhu", "Azathoth"]).update(doom_track=5)
    AncientOne.objects.filter(name="Hastur").update(doom_track=16)
    before = dict(Session.objects.values_list("pk", "score"))
    slow, slow_history = _rescored(sessions_rescore)
    fast, fast_history = _rescored(sessions_rescore_stored)
    assert fast == slow
    assert fast_history == slow_history
    score = Session.DERIVED_FIELDS.index("score")
    moved = {pk for pk, values in fast.items() if values[score] != before[pk]}
    assert 0 < len(fast_history) == len(moved) < len(before)


def test_the_fast_rescore_leaves_a_game_edited_meanwhile_alone():
    session = game(ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")])
    AncientOne.objects.filter(name="Yig").update(doom_track=11)
    stale = [(session.pk, session.version - 1, 99, None)]
    assert _write_scores(stale, reason="stale", user=None) == 0
    assert Session.objects.get(pk=session.pk).score == session.score
    assert not session.history.filter(history_change_reason="stale").exists()


def test_recompute_scores_from_seats_fixes_totals_the_fast_path_trusts():
    session = game(ancient_one="Yig", seats=[seat("Ann", "Amanda Sharpe")])
    Session.objects.filter(pk=session.pk).update(survivors=0)
    call_command("recompute_scores", verbosity=0)
    assert Session.objects.get(pk=session.pk).survivors == 0
    call_command("recompute_scores", "--from-seats", verbosity=0)
    assert Session.objects.get(pk=session.pk).survivors == 1
