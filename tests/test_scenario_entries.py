"""Scenario entries: the best game by default, a marked game on request, frozen after close."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from games.models import Session
from games.recording import scenario_entry_choose, session_moderate, session_withdraw
from tests.addresses import reverse
from tests.factories import TeamFactory, UserFactory, game, moderator, scenario, seat

pytestmark = pytest.mark.django_db


def decide(session: Session, status: str) -> None:
    """A moderator's decision on the game as it now stands."""
    session_moderate(
        session_id=session.pk,
        status=status,
        seen_version=Session.objects.get(pk=session.pk).version,
        moderator=moderator(),
        reason="Not this one." if status == "rejected" else "",
    )


@pytest.fixture
def stars():
    return scenario("The Stars Are Right")


@pytest.fixture
def owls():
    captain = UserFactory(username="cap")
    team = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    team.captain = captain
    team.save()
    return team


def team_game(stars, owls, *, terror, tasks=0, **fields):
    return game(
        scenario=stars,
        team=owls,
        terror_level=terror,
        tasks=list(stars.tasks.all()[:tasks]),
        **fields,
    )


def entries(stars):
    return list(Session.objects.filter(scenario=stars, is_entry=True).order_by("pk"))


def test_the_best_game_of_a_team_is_its_entry(stars, owls):
    low = team_game(stars, owls, terror=5)
    assert entries(stars) == [low]
    high = team_game(stars, owls, terror=1)
    assert entries(stars) == [high]
    # Tasks count: a worse rulebook score with more tasks can be the better entry.
    tasks = team_game(stars, owls, terror=2, tasks=3)
    assert tasks.score < high.score and tasks.scenario_score > high.scenario_score
    assert entries(stars) == [tasks]


def test_a_tie_goes_to_the_earlier_submission(stars, owls):
    # Recorded first, but submitted (the evening it was played) after the other one.
    later = team_game(stars, owls, terror=3, played_on=datetime.date(2026, 2, 1))
    earlier = team_game(stars, owls, terror=3, played_on=datetime.date(2026, 1, 20))
    assert later.pk < earlier.pk and earlier.created_at < later.created_at
    assert entries(stars) == [earlier]


def test_a_defeat_is_the_entry_only_without_a_victory(stars, owls):
    defeat = team_game(stars, owls, terror=3, outcome="defeat", defeat_cause="devoured")
    assert entries(stars) == [defeat] and defeat.scenario_score is None
    win = team_game(stars, owls, terror=9)
    assert entries(stars) == [win]


def test_one_entry_per_team_and_per_set_of_players_without_a_team(stars, owls):
    team_game(stars, owls, terror=2)
    alone = [seat("Cid", "Amanda Sharpe", gate_trophies=1), seat("Dee", "Bob Jenkins")]
    game(scenario=stars, seats=alone, terror_level=2)
    again = [seat("Dee", "Amanda Sharpe", gate_trophies=1), seat("Cid", "Bob Jenkins")]
    game(scenario=stars, seats=again, terror_level=1)
    others = [seat("Cid", "Amanda Sharpe", gate_trophies=1), seat("Eve", "Bob Jenkins")]
    game(scenario=stars, seats=others, terror_level=1)
    keys = sorted(entry.entry_key for entry in entries(stars))
    assert len(keys) == 3 and keys[-1].startswith("t")


def test_pending_and_rejected_games_are_not_entries_until_approved(stars, owls):
    approved = team_game(stars, owls, terror=4)
    pending = team_game(stars, owls, terror=0, status="pending")
    assert entries(stars) == [approved]
    decide(pending, "approved")
    assert entries(stars) == [pending]
    decide(pending, "rejected")
    assert entries(stars) == [approved]
    session_withdraw(session_id=approved.pk, user=moderator())
    assert entries(stars) == []


def test_the_captain_marks_another_game_as_the_entry(stars, owls):
    best = team_game(stars, owls, terror=0)
    other = team_game(stars, owls, terror=6)
    assert entries(stars) == [best]
    scenario_entry_choose(session=other, user=owls.captain)
    assert entries(stars) == [other]
    # A better game recorded later does not replace the team's choice.
    team_game(stars, owls, terror=0, tasks=3)
    assert entries(stars) == [other]


def test_the_submitter_may_mark_but_a_stranger_may_not(stars, owls):
    submitter = UserFactory(username="sub")
    team_game(stars, owls, terror=0)
    other = team_game(stars, owls, terror=6, submitted_by=submitter)
    with pytest.raises(PermissionDenied):
        scenario_entry_choose(session=other, user=UserFactory(username="stranger"))
    scenario_entry_choose(session=other, user=submitter)
    assert entries(stars) == [other]


def test_no_entry_change_after_the_scenario_closed(stars, owls):
    best = team_game(stars, owls, terror=0)
    other = team_game(stars, owls, terror=6)
    later = stars.closes_at + datetime.timedelta(minutes=1)
    with pytest.raises(ValidationError, match="has closed"):
        scenario_entry_choose(session=other, user=owls.captain, moment=later)
    assert entries(stars) == [best]


def test_a_closed_scenario_keeps_its_board(owls):
    now = timezone.now()
    closed = scenario(
        "Closed one",
        opens_at=now - datetime.timedelta(days=60),
        closes_at=now - datetime.timedelta(days=30),
    )
    played = timezone.localdate(now - datetime.timedelta(days=45))
    entry = game(scenario=closed, team=owls, terror_level=5, played_on=played)
    # A pending game submitted before the close and approved afterwards still counts...
    pending = game(scenario=closed, team=owls, terror_level=4, played_on=played, status="pending")
    decide(pending, "approved")
    assert entries(closed) == [pending]
    # ...but a game slipped in with a later submission time never becomes the entry.
    Session.objects.filter(pk=entry.pk).update(
        created_at=closed.closes_at + datetime.timedelta(hours=1), terror_level=0
    )
    from games.scenario_entries import scenario_entries_refresh

    scenario_entries_refresh((closed.pk, f"t{owls.pk}"))
    assert entries(closed) == [pending]


def test_the_game_page_offers_the_entry_button_to_the_captain(client, stars, owls):
    team_game(stars, owls, terror=0)
    other = team_game(stars, owls, terror=6)
    url = reverse("games:detail", args=[other.pk])
    assert "Make this our entry" not in client.get(url).content.decode()
    client.force_login(owls.captain)
    html = client.get(url).content.decode()
    assert "Make this our entry for The Stars Are Right" in html
    response = client.post(reverse("games:choose_entry", args=[other.pk]), follow=True)
    assert "is now the entry" in response.content.decode()
    assert entries(stars) == [other]
    html = response.content.decode()
    assert 'data-testid="scenario-score"' in html and "Night Owls" in html


def test_choosing_after_close_shows_a_message_and_changes_nothing(client, owls):
    now = timezone.now()
    closed = scenario(
        "Closed one",
        opens_at=now - datetime.timedelta(days=60),
        closes_at=now - datetime.timedelta(days=30),
    )
    played = timezone.localdate(now - datetime.timedelta(days=45))
    best = game(scenario=closed, team=owls, terror_level=0, played_on=played)
    other = game(scenario=closed, team=owls, terror_level=6, played_on=played)
    client.force_login(owls.captain)
    response = client.post(reverse("games:choose_entry", args=[other.pk]), follow=True)
    assert "has closed" in response.content.decode()
    assert entries(closed) == [best]
