"""Importing team and scenario games: the scenario rules by the file's submission time,
teams the importer need not belong to, tasks by their text, rejection reasons; and the
league an import goes to (its teams, scenarios and duplicates only)."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command

from games.models import Session
from tests.factories import (
    LeagueFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    scenario,
    seat,
)
from tests.test_import import csv_file, messages, rows_of, run

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


# -- imports into a league ------------------------------------------------------------------


def command(path, *options):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_results", str(path), *options, stdout=out, stderr=err)
    return out.getvalue()


def test_league_puts_the_imported_games_in_that_league(tmp_path):
    saturday = LeagueFactory(name="Saturday Club", slug="saturday")
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of("a") + rows_of("b", **{"Terror level": "3"})).getvalue())
    out = command(path, "--league", "saturday")
    assert "2 games imported into Saturday Club (saturday)." in out
    assert list(Session.objects.values_list("league", flat=True)) == [saturday.pk, saturday.pk]
    assert not Session.objects.filter(league=first_league()).exists()


def test_an_unknown_league_is_refused_and_nothing_is_imported(tmp_path):
    LeagueFactory(name="Saturday Club", slug="saturday")
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of()).getvalue())
    with pytest.raises(CommandError, match="No league has the address “tuesday”") as refused:
        command(path, "--league", "tuesday")
    assert "arkham, saturday" in str(refused.value)
    assert not Session.objects.exists()


def test_with_several_leagues_the_command_asks_which_one(tmp_path):
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of()).getvalue())
    command(path)  # one league: it is the one
    assert Session.objects.get().league == first_league()
    LeagueFactory(name="Saturday Club", slug="saturday")
    with pytest.raises(CommandError, match="Name the league to import into with --league"):
        command(path)
    assert Session.objects.count() == 1


def test_teams_and_scenarios_are_found_in_the_leagues_own_only():
    saturday = LeagueFactory(name="Saturday Club", slug="saturday")
    scenario()  # the first league's
    TeamFactory(name="Miskatonic Owls", members=["Ann", "Bob"])
    TeamFactory(name="Saturday Owls", members=["Ann", "Bob"], league=saturday)
    report = run(
        scenario_game("a", **{"Submitted at": "2026-02-01T10:00:00+00:00"})
        + rows_of("b", Team="Miskatonic Owls"),
        league=saturday,
    )
    assert not report.written and not Session.objects.exists()
    found = [(column, text) for _, column, text in messages(report)]
    assert ("Scenario", "No scenario is called “The Dunwich Horror returns”.") in found
    assert any(column == "Team" and "No team is called" in text for column, text in found)
    report = run(rows_of("b", Team="saturday owls"), league=saturday)
    assert report.ok, messages(report)
    assert Session.objects.get().team.league == saturday


def test_a_game_in_another_league_is_no_duplicate():
    saturday = LeagueFactory(name="Saturday Club", slug="saturday")
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], league=saturday)
    report = run(rows_of("same table"))  # into the first league
    assert report.ok and report.created == 1 and not report.duplicates
    report = run(rows_of("same table again"), league=saturday)
    assert report.created == 0
    assert [d.game for d in report.duplicates] == ["same table again"]
    assert Session.objects.filter(league=saturday).count() == 1
