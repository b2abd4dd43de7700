"""games.scenario_rules: tables of cases for the scenario score, constraints and entries."""

import dataclasses
import datetime

import pytest

from games import scenario_rules
from games.scenario_rules import EntryCandidate, ScenarioTerms

UTC = datetime.UTC
OPENS = datetime.datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
CLOSES = datetime.datetime(2026, 3, 15, 18, 0, tzinfo=UTC)
TERMS = ScenarioTerms(
    name="The Stars Are Right",
    ancient_ones=frozenset({"Cthulhu", "Hastur"}),
    boxes_required=frozenset({"Arkham Horror", "Dunwich Horror"}),
    boxes_allowed=frozenset({"Arkham Horror", "Dunwich Horror", "The King in Yellow"}),
    herald="The Dark Pharaoh",
    investigators_min=3,
    investigators_max=5,
    opens_at=OPENS,
    closes_at=CLOSES,
)
FITS = dict(
    ancient_one="Cthulhu",
    herald="The Dark Pharaoh",
    boxes={"Arkham Horror", "Dunwich Horror"},
    investigators=4,
    played_on=datetime.date(2026, 3, 2),
    submitted_at=datetime.datetime(2026, 3, 2, 22, 0, tzinfo=UTC),
)


# The scenario score's cases are in the shared table (tests/test_rules.py).


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({}, set()),  # fits
        ({"ancient_one": "Hastur"}, set()),  # one of the set
        ({"ancient_one": "Yig"}, {"ancient_one"}),
        ({"ancient_one": ""}, set()),  # not chosen yet: not checked
        ({"herald": None}, {"herald"}),  # the scenario's herald is missing
        ({"herald": "Other Herald"}, {"herald"}),
        ({"boxes": {"Arkham Horror"}}, {"boxes"}),  # a required box missing
        ({"boxes": {"Arkham Horror", "Dunwich Horror", "The King in Yellow"}}, set()),
        ({"boxes": {"Arkham Horror", "Dunwich Horror", "Kingsport Horror"}}, {"boxes"}),
        ({"investigators": 2}, {"investigators"}),  # too few
        ({"investigators": 3}, set()),  # the bounds are included
        ({"investigators": 5}, set()),
        ({"investigators": 6}, {"investigators"}),  # too many
        ({"investigators": None}, set()),  # the seats are not known yet
        ({"played_on": datetime.date(2026, 2, 28)}, {"played_on"}),  # before it opened
        ({"played_on": datetime.date(2026, 3, 1)}, set()),  # the opening day counts
        ({"submitted_at": CLOSES}, {"submitted_at"}),  # at the deadline: closed
        ({"submitted_at": CLOSES - datetime.timedelta(seconds=1)}, set()),
        ({"submitted_at": OPENS - datetime.timedelta(minutes=1)}, {"submitted_at"}),
        (
            {"ancient_one": "Yig", "investigators": 1, "boxes": {"Arkham Horror"}},
            {"ancient_one", "investigators", "boxes"},
        ),
    ],
)
def test_scenario_problems(changes, fields):
    problems = scenario_rules.scenario_problems(TERMS, **{**FITS, **changes})
    assert set(problems) == fields
    assert all(problems[field] for field in fields)  # each one says why


def test_scenario_problems_name_what_is_wrong():
    problems = scenario_rules.scenario_problems(
        TERMS, **{**FITS, "boxes": {"Arkham Horror", "Kingsport Horror"}}
    )
    assert problems["boxes"] == [
        "The Stars Are Right needs Dunwich Horror in play.",
        "The Stars Are Right does not allow Kingsport Horror.",
    ]


def test_empty_allowed_set_means_any_box():
    open_terms = ScenarioTerms(
        name="Open table",
        ancient_ones=frozenset(),
        boxes_required=frozenset(),
        boxes_allowed=frozenset(),
    )
    problems = scenario_rules.scenario_problems(
        open_terms, **{**FITS, "herald": None, "boxes": {"Kingsport Horror"}}
    )
    assert problems == {}


@pytest.mark.parametrize(
    ("moment", "is_open"),
    [(OPENS - datetime.timedelta(seconds=1), False), (OPENS, True), (CLOSES, False)],
)
def test_is_open(moment, is_open):
    from games.models import Scenario

    assert Scenario(opens_at=OPENS, closes_at=CLOSES).is_open(moment) is is_open


@pytest.mark.parametrize(("foreign", "count"), [(0, 0), (1, 1), (2, 1)])
def test_task_problems(foreign, count):
    problems = scenario_rules.scenario_task_problems(tasks_completed=3, foreign_tasks=foreign)
    assert len(problems) == count


def at(hour):
    return datetime.datetime(2026, 3, 2, hour, tzinfo=UTC)


@pytest.mark.parametrize(
    ("candidates", "entry"),
    [
        ([], None),
        ([EntryCandidate(1, 10, at(20))], 1),
        ([EntryCandidate(1, 10, at(20)), EntryCandidate(2, 12, at(21))], 2),  # the best
        # A tie goes to the earlier submission, whatever the ids.
        ([EntryCandidate(5, 12, at(21)), EntryCandidate(6, 12, at(20))], 6),
        # A defeat is an entry only when there is nothing better.
        ([EntryCandidate(1, None, at(19)), EntryCandidate(2, -3, at(21))], 2),
        ([EntryCandidate(1, None, at(19)), EntryCandidate(2, None, at(18))], 2),
        # A game the team marked is the entry even when another scored more.
        ([EntryCandidate(1, 15, at(20)), EntryCandidate(2, 9, at(21), chosen=True)], 2),
        ([EntryCandidate(1, 15, at(20)), EntryCandidate(2, None, at(21), chosen=True)], 2),
    ],
)
def test_entry_of(candidates, entry):
    assert scenario_rules.entry_of(candidates) == entry


@pytest.mark.parametrize(
    ("scores", "points"),
    [([], 0), ([12], 12), ([12, 9, None], 21), ([None, None], 0), ([-2, 5], 3)],
)
def test_series_points_add_entry_scores(scores, points):
    assert scenario_rules.series_points(scores) == points


@pytest.mark.parametrize(
    ("changes", "count"),
    [
        ({}, 0),
        ({"boxes_required": frozenset({"Kingsport Horror"})}, 1),  # required but not allowed
        ({"investigators_min": 6}, 1),  # minimum above the maximum
        ({"investigators_max": 9}, 1),
        ({"investigators_min": 0}, 1),
        ({"closes_at": OPENS}, 1),
    ],
)
def test_scenario_terms_problems(changes, count):
    terms = ScenarioTerms(**{**TERMS.__dict__, **changes})
    assert len(scenario_rules.scenario_terms_problems(terms)) == count


def test_scenario_rules_do_not_import_django():
    import subprocess
    import sys

    code = "import sys, games.scenario_rules; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# -- ruling 11: task conditions on the recorded result -------------------------------------

# A sealed victory: terror 6, one Elder Sign played, 6 tokens, 4 at the table of whom 3
# survive (one devoured), one replaced, 2 gate and 4 monster trophies, one unpaid loan.
RESULT = scenario_rules.RecordedResult(
    outcome="sealed",
    terror_level=6,
    elder_signs_played=1,
    elder_sign_tokens=6,
    investigators=4,
    survivors=3,
    replaced=1,
    gate_trophies=2,
    monster_trophies=4,
    unpaid_loans=1,
    devoured=1,
)


@pytest.mark.parametrize(
    ("kind", "number", "expected"),
    [
        ("", None, None),  # free text: taken at the players' word
        ("terror-at-most", 6, None),
        ("terror-at-most", 3, "terror level 3 or less; this game ended at 6"),
        ("terror-at-most", 0, "terror level 0; this game ended at 6"),
        ("elder-signs-played-at-most", 1, None),
        ("elder-signs-played-at-most", 0, "no Elder Sign card played; this game played 1"),
        ("elder-sign-tokens-at-least", 6, None),
        (
            "elder-sign-tokens-at-least",
            7,
            "7 or more elder sign tokens on the board; this game ended with 6",
        ),
        ("gate-trophies-at-least", 2, None),
        ("gate-trophies-at-least", 3, "3 or more unspent gate trophies; this game ended with 2"),
        ("monster-trophies-at-least", 4, None),
        (
            "monster-trophies-at-least",
            5,
            "5 or more unspent monster trophies; this game ended with 4",
        ),
        ("investigators-at-most", 4, None),
        ("investigators-at-most", 3, "3 or fewer investigators; this game had 4"),
        ("no-seat-devoured", None, "no seat devoured; this game had 1 devoured"),
        ("all-survive", None, "every investigator sane and surviving; this game ended with 3 of 4"),
        ("none-replaced", None, "no investigator lost and replaced; this game replaced 1"),
        ("no-unpaid-loans", None, "no unpaid Bank Loans; this game ended with 1"),
        ("victory", None, None),
        ("outcome-sealed", None, None),
        ("outcome-closed", None, "a victory that closed the gates; this game sealed the gates"),
        (
            "outcome-banished",
            None,
            "a victory that banished the Ancient One; this game sealed the gates",
        ),
    ],
)
def test_a_task_condition_is_checked_on_the_recorded_result(kind, number, expected):
    problem = scenario_rules.task_condition_problem(
        task="T", kind=kind, number=number, result=RESULT
    )
    assert problem == (f"“T” needs {expected}." if expected else None)


CLEAN = dataclasses.replace(
    RESULT, terror_level=0, survivors=4, replaced=0, unpaid_loans=0, devoured=0
)


@pytest.mark.parametrize(
    ("result", "kind", "holds"),
    [
        (CLEAN, "no-seat-devoured", True),
        (CLEAN, "all-survive", True),
        (CLEAN, "none-replaced", True),
        (CLEAN, "no-unpaid-loans", True),
        (CLEAN, "terror-at-most", True),  # N = 0 below
        # Lost in time and space is no devouring, but no survivor in a banished game either.
        (dataclasses.replace(CLEAN, survivors=3), "no-seat-devoured", True),
        (dataclasses.replace(CLEAN, survivors=3), "all-survive", False),
        (dataclasses.replace(CLEAN, outcome="defeat"), "victory", False),
        (dataclasses.replace(CLEAN, outcome="closed"), "outcome-closed", True),
        (dataclasses.replace(CLEAN, outcome="banished"), "outcome-banished", True),
        (dataclasses.replace(CLEAN, outcome="banished"), "outcome-sealed", False),
    ],
)
def test_conditions_without_a_number_hold_or_fail_by_the_result(result, kind, holds):
    number = 0 if kind == "terror-at-most" else None
    problem = scenario_rules.task_condition_problem(
        task="T", kind=kind, number=number, result=result
    )
    assert (problem is None) is holds


def test_a_defeat_is_named_in_the_refusal():
    defeat = dataclasses.replace(RESULT, outcome="defeat")
    problem = scenario_rules.task_condition_problem(
        task="Win", kind="victory", number=None, result=defeat
    )
    assert problem == "“Win” needs a victory; this game ended in defeat."


@pytest.mark.parametrize(
    ("kind", "number", "problems"),
    [
        ("", None, []),
        ("", 3, ["A number needs a condition to go with."]),
        ("terror-at-most", None, ["This condition needs a number N."]),
        ("terror-at-most", 0, []),
        ("terror-at-most", 9, []),
        ("terror-at-most", 10, ["N runs from 0 to 9 for this condition."]),  # always holds
        ("investigators-at-most", 0, ["N runs from 1 to 7 for this condition."]),
        ("investigators-at-most", 7, []),
        ("gate-trophies-at-least", 0, ["N runs from 1 to 999 for this condition."]),
        ("gate-trophies-at-least", 999, []),
        ("elder-signs-played-at-most", 1000, ["N runs from 0 to 999 for this condition."]),
        ("no-seat-devoured", None, []),
        ("no-seat-devoured", 1, ["This condition takes no number: leave it empty."]),
        ("outcome-closed", 0, ["This condition takes no number: leave it empty."]),
        ("doom-at-most", 3, ["Unknown condition 'doom-at-most'."]),
    ],
)
def test_the_number_is_required_exactly_when_the_condition_has_one_and_bounded(
    kind, number, problems
):
    assert scenario_rules.condition_number_problems(kind, number) == problems


def test_a_condition_that_cannot_be_checked_has_no_words():
    with pytest.raises(ValueError, match="needs a number"):
        scenario_rules.condition_words("terror-at-most", None)
    assert scenario_rules.condition_words("", None) == ""
    assert scenario_rules.condition_words("terror-at-most", 3) == "terror level 3 or less"


def test_every_condition_has_words_and_a_check_for_every_number_it_allows():
    for kind, condition in scenario_rules.TASK_CONDITIONS.items():
        low, high = condition.bounds or (None, None)
        for number in {low, high}:
            assert scenario_rules.condition_words(kind, number)
            scenario_rules.task_condition_problem(task="T", kind=kind, number=number, result=RESULT)
