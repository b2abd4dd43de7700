"""The import and the result form judge a game alike: a table of games run through both.

The import judges each game with ``games.forms.judge.ResultJudge`` (the form's fields and
rule steps, its choices loaded once per file); the form is ``ResultSubmission``, as the
result page runs it. Each game of the table goes through both from the same cells, and
both must say the same things at the same lines and columns, or both accept it.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.forms.judge import Verdict
from games.forms.submission import ResultSubmission
from games.imports.importer import Importer, verdict_problems
from games.imports.reader import ResultsFile
from games.models.sessions import NOTES_MAX_LENGTH
from tests.factories import first_league, scenario
from tests.test_import import csv_file, messages, rows_of, run

pytestmark = pytest.mark.django_db


def form_verdict(submission) -> Verdict:
    """What a validated ``ResultSubmission`` (the result form) found, as a ``Verdict``."""
    return Verdict(
        errors={name: list(messages) for name, messages in submission.form.errors.items()},
        seat_errors=[
            {name: list(messages) for name, messages in form.errors.items()}
            for form in submission.seats.forms
        ],
        table_errors=list(submission.seats.non_form_errors()),
    )


ANN_AND_BOB = (("Ann", "Amanda Sharpe"), ("Bob", "Bob Jenkins"))


def seats_with(**cells):
    """Ann and Bob, each seat row with these cells."""
    return [{**row, **cells} for row in rows_of("1")]


def in_scenario(**cells):
    scenario(tasks=("Close the Unvisited Isle", "Keep the terror below 3"))
    game = {
        "Scenario": "The Dunwich Horror returns",
        "Date played": "2026-02-01",
        "Submitted at": "2026-02-02T10:00:00+00:00",
    }
    return rows_of("1", **{**game, **cells})


def terror_condition():
    made = scenario(tasks=("Keep the terror below 3",))
    made.tasks.update(condition="terror-at-most", condition_number=3)
    return rows_of(
        "1",
        Scenario=made.name,
        Tasks="Keep the terror below 3",
        **{
            "Terror level": "6",
            "Date played": "2026-02-01",
            "Submitted at": "2026-02-02T10:00:00+00:00",
        },
    )


# Each row: a game the form refuses, as the cells of a results file.
REFUSED = {
    "terror past 10": lambda: rows_of(**{"Terror level": "11"}),
    "terror not a number": lambda: rows_of(**{"Terror level": "high"}),
    "terror below 0": lambda: rows_of(**{"Terror level": "-1"}),
    "a count past the most": lambda: rows_of(**{"Elder signs played": "1000"}),
    "a count past the column": lambda: rows_of(**{"Elder sign tokens": "40000"}),
    "date in the future": lambda: rows_of(**{"Date played": "2999-01-01"}),
    "date not a date": lambda: rows_of(**{"Date played": "2026-13-40"}),
    "sealed with too few tokens": lambda: rows_of(**{"Elder sign tokens": "3"}),
    "defeat without a cause": lambda: rows_of(Outcome="defeat"),
    "another loss without notes": lambda: rows_of(Outcome="defeat", **{"Defeat cause": "other"}),
    "Act III without its box": lambda: rows_of(Outcome="defeat", **{"Defeat cause": "act-iii"}),
    "Azathoth banished": lambda: rows_of(**{"Ancient One": "Azathoth", "Outcome": "banished"}),
    "closed without gate trophies": lambda: rows_of(Outcome="closed"),
    "an investigator twice": lambda: rows_of(
        seats=(("Ann", "Amanda Sharpe"), ("Bob", "Amanda Sharpe"))
    ),
    "an investigator from a box not in play": lambda: rows_of(
        seats=(("Ann", "Agnes Baker"), ("Bob", "Bob Jenkins"))
    ),
    "a herald from a box not in play": lambda: rows_of(Herald="The King in Yellow"),
    "more loans than investigators": lambda: seats_with(**{"Unpaid loans": "2"}),
    "a negative count on a seat": lambda: seats_with(Replaced="-1"),
    "lost in time and space in a banished game": lambda: seats_with(
        **{"Outcome": "banished", "Seat ended": "lost", "Elder sign tokens": "0"}
    ),
    "notes too long": lambda: rows_of(Notes="x" * (NOTES_MAX_LENGTH + 1)),
    "location too long": lambda: rows_of(Location="x" * 121),
    "a player's name too long": lambda: rows_of(seats=(("A" * 81, "Amanda Sharpe"),)),
    "a scenario's wrong Ancient One": lambda: in_scenario(**{"Ancient One": "Hastur"}),
    "a scenario's box not allowed": lambda: in_scenario(Boxes="Arkham Horror; Innsmouth Horror"),
    "a scenario game played before it opened": lambda: in_scenario(**{"Date played": "2025-06-01"}),
    "a task whose condition fails": terror_condition,
    "several problems at once": lambda: rows_of(
        seats=(("Ann", "Amanda Sharpe"), ("Bob", "Amanda Sharpe")),
        **{"Terror level": "11", "Outcome": "closed"},
    ),
}

# Games both accept (rules that drop a value rather than refuse it included).
ACCEPTED = {
    "a plain victory": lambda: rows_of(),
    "a stale defeat cause on a victory": lambda: rows_of(**{"Defeat cause": "devoured"}),
    "a defeat with its cause": lambda: rows_of(Outcome="defeat", **{"Defeat cause": "devoured"}),
    "a scenario game with tasks": lambda: in_scenario(Tasks="Close the Unvisited Isle"),
    "lost in time and space in a sealed game": lambda: seats_with(**{"Seat ended": "lost"}),
}


def form_messages(rows) -> list[tuple[int, str, str]]:
    """The result form's verdict on the game in ``rows``, at the file's lines and columns:
    the cells read as the import reads them, then ``ResultSubmission`` judges the data."""
    results = ResultsFile(csv_file(rows), "results.csv")
    (game,) = list(results.games())
    problems = list(results.problems)
    data, meta = Importer(league=first_league()).form_data(game, problems)
    submission = ResultSubmission(
        data,
        user=AnonymousUser(),
        league=first_league(),
        historical=True,
        submitted_at=meta["created_at"],
    )
    if not submission.is_valid(check_duplicates=False):
        problems += verdict_problems(game, form_verdict(submission), problems)
    return sorted((p.line, p.column, p.message) for p in problems)


@pytest.mark.parametrize("case", REFUSED)
def test_the_import_refuses_what_the_form_refuses_with_the_same_messages(case):
    rows = REFUSED[case]()
    imported = sorted(messages(run(rows, dry_run=True)))
    assert imported, "the import accepted it"
    assert imported == form_messages(rows)


@pytest.mark.parametrize("case", ACCEPTED)
def test_the_import_accepts_what_the_form_accepts(case):
    rows = ACCEPTED[case]()
    assert messages(run(rows, dry_run=True)) == []
    assert form_messages(rows) == []


def test_the_import_judges_games_without_asking_the_database_for_each():
    """The catalog, teams and scenarios are loaded once per file: twenty games cost the
    queries of two (the fixed cost of a file), not ten times more."""
    one = rows_of("1")

    def queries(games: int) -> int:
        rows = [
            {**row, "Game": str(n), "Location": f"table {n}"} for n in range(games) for row in one
        ]
        with CaptureQueriesContext(connection) as captured:
            report = run(rows, dry_run=True)
        assert report.ok and report.valid == games
        return len(captured)

    assert queries(20) == queries(2)
