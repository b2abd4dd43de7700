"""Importing team and scenario games: the scenario rules by the file's submission time,
teams the importer need not belong to, tasks by their text, rejection reasons."""

import datetime

import pytest

from games.models import Session
from tests.factories import TeamFactory, UserFactory, scenario
from tests.test_import import messages, rows_of, run

pytestmark = pytest.mark.django_db

CLOSED = {
    "opens_at": datetime.datetime(2025, 11, 1, tzinfo=datetime.UTC),
    "closes_at": datetime.datetime(2026, 1, 5, tzinfo=datetime.UTC),
}


def scenario_game(reference="1", **cells):
    values = {
        "Scenario": "The Dunwich Horror returns",
        "Date played": "2025-12-20",
        "Submitted at": "2025-12-21T10:00:00+00:00",
        **cells,
    }
    return rows_of(reference, **values)


def test_a_closed_scenarios_game_submitted_before_the_close_is_imported_with_its_tasks():
    scenario(tasks=("Close the Unvisited Isle", "Seal two gates; then flee"), **CLOSED)
    report = run(scenario_game(Tasks="close the unvisited isle; Seal two gates; then flee"))
    assert report.ok and report.created == 1, messages(report)
    played = Session.objects.get()
    assert played.tasks_completed == 2
    assert played.scenario_score == played.score + 2
    assert played.is_entry  # the scenario's board counts it: submitted before the close


def test_a_closed_scenarios_game_submitted_after_the_close_is_refused_at_the_scenario():
    scenario(**CLOSED)
    report = run(scenario_game(**{"Submitted at": "2026-01-06T10:00:00+00:00"}))
    assert not report.written
    assert any(
        line == 2 and column == "Scenario" and "closed on" in text
        for line, column, text in messages(report)
    )


def test_a_team_is_accepted_though_the_importing_user_is_not_a_member():
    scenario()
    TeamFactory(name="Miskatonic Owls", members=["Ann", "Bob"])
    keeper = UserFactory(username="keeper")  # no player, no team
    report = run(
        scenario_game(
            Team="miskatonic owls",
            **{"Submitted at": "2026-02-01T10:00:00+00:00"},
            **{"Date played": "2026-02-01"},
        ),
        submitted_by=keeper,
    )
    assert report.ok, messages(report)
    played = Session.objects.get()
    assert played.team.name == "Miskatonic Owls"
    assert played.entry_key == f"t{played.team_id}"


def test_unknown_tasks_and_tasks_without_a_scenario_are_reported_at_the_tasks_column():
    scenario(**CLOSED)
    report = run(
        scenario_game("a", Tasks="Close the Unvisted Isle")
        + rows_of("b", Tasks="Close the Unvisited Isle")
    )
    found = messages(report)
    assert any(
        line == 2 and column == "Tasks" and "Did you mean “Close the Unvisited Isle”" in text
        for line, column, text in found
    )
    assert any(
        line == 4 and column == "Tasks" and "Scenario column" in text
        for line, column, text in found
    )
    assert not Session.objects.exists()


def test_a_rejected_game_keeps_its_reason_and_other_statuses_drop_one():
    report = run(
        rows_of("a", Status="rejected", **{"Rejection reason": "Five players in the photo."})
        + rows_of("b", Status="approved", **{"Rejection reason": "stale"}, **{"Terror level": "3"})
    )
    assert report.ok, messages(report)
    reasons = dict(Session.objects.values_list("status", "rejection_reason"))
    assert reasons == {"rejected": "Five players in the photo.", "approved": ""}


def test_the_bulk_write_path_refuses_a_game_its_scenario_does_not_allow():
    from django.core.exceptions import ValidationError

    from games.models import AncientOne, Box
    from games.recording import sessions_record_many
    from tests.factories import seat

    dunwich = scenario(ancient_ones=("Cthulhu",), **CLOSED)
    session = Session(
        ancient_one=AncientOne.objects.get(name="Azathoth"),
        outcome="defeat",
        defeat_cause="azathoth",
        played_on=datetime.date(2025, 12, 20),
        terror_level=2,
        scenario=dunwich,
        status="approved",
        created_at=datetime.datetime(2026, 1, 6, tzinfo=datetime.UTC),
    )
    seats = [seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")]
    with pytest.raises(ValidationError) as refused:
        sessions_record_many([(session, Box.objects.filter(name="Arkham Horror"), seats, [])])
    assert set(refused.value.message_dict) >= {"ancient_one", "scenario"}
    assert not Session.objects.exists()
