"""games.rules: tables of cases for the score, First Citizen and preconditions."""

import importlib
import subprocess
import sys

import pytest

from games import rules
from games.rules import SeatResult

BASE = dict(
    doom_track=13,
    terror_level=0,
    unpaid_loans=0,
    elder_signs_played=0,
    gate_trophies=0,
    monster_trophies=0,
    survivors=0,
)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, 13),  # the printed doom track alone
        ({"doom_track": 10}, 10),  # Yig's short track
        ({"terror_level": 4}, 9),  # minus the terror level
        ({"terror_level": 10}, 3),
        ({"unpaid_loans": 2}, 11),  # minus 1 per unpaid loan
        ({"elder_signs_played": 3}, 10),  # minus 1 per elder sign played
        ({"gate_trophies": 5}, 18),  # plus 1 per gate trophy
        ({"monster_trophies": 2}, 13),  # monster trophies in whole threes: 2 -> 0
        ({"monster_trophies": 3}, 14),  # 3 -> 1
        ({"monster_trophies": 5}, 14),  # 5 -> 1 (rounded down)
        ({"monster_trophies": 6}, 15),  # 6 -> 2
        ({"monster_trophies": 8}, 15),  # 8 -> 2
        ({"survivors": 4}, 17),  # plus 1 per sane, surviving investigator
        ({"survivors": 8}, 21),
        (
            {
                "doom_track": 12,
                "terror_level": 3,
                "unpaid_loans": 1,
                "elder_signs_played": 1,
                "gate_trophies": 4,
                "monster_trophies": 7,
                "survivors": 3,
            },
            12 - 3 - 1 - 1 + 4 + 2 + 3,
        ),
        # The score may be zero or negative (league ruling 8).
        ({"doom_track": 10, "terror_level": 10}, 0),
        ({"doom_track": 10, "terror_level": 10, "elder_signs_played": 4}, -4),
        ({"doom_track": 11, "terror_level": 10, "unpaid_loans": 8, "elder_signs_played": 2}, -9),
    ],
)
def test_victory_score(changes, expected):
    assert rules.victory_score(**{**BASE, **changes}) == expected


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"terror_level": -1}, "Terror level must be between 0 and 10"),
        ({"terror_level": 11}, "Terror level must be between 0 and 10"),
        ({"unpaid_loans": -1}, "Unpaid loans must be 0 or more"),
        ({"elder_signs_played": -1}, "Elder signs played must be 0 or more"),
        ({"gate_trophies": -1}, "Gate trophies must be 0 or more"),
        ({"monster_trophies": -3}, "Monster trophies must be 0 or more"),
        ({"survivors": -1}, "Survivors must be between 0 and 8"),
        ({"survivors": 9}, "Survivors must be between 0 and 8"),
        ({"doom_track": 0}, "Doom track must be 1 or more"),
        ({"gate_trophies": 1.5}, "Gate trophies must be a whole number"),
        ({"terror_level": "3"}, "Terror level must be a whole number"),
        ({"survivors": True}, "Survivors must be a whole number"),
    ],
)
def test_victory_score_range_errors(changes, message):
    with pytest.raises(ValueError, match=message):
        rules.victory_score(**{**BASE, **changes})


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"terror_level": 7, "monster_trophies": 11, "survivors": 2},
        {"unpaid_loans": 3, "elder_signs_played": 2, "gate_trophies": 6},
    ],
)
def test_breakdown_sums_to_the_score(changes):
    values = {**BASE, **changes}
    terms = rules.score_breakdown(**values)
    assert sum(term.points for term in terms) == rules.victory_score(**values)
    assert [term.count for term in terms] == [
        values["doom_track"],
        values["terror_level"],
        values["unpaid_loans"],
        values["elder_signs_played"],
        values["gate_trophies"],
        values["monster_trophies"],
        values["survivors"],
    ]


@pytest.mark.parametrize(
    ("trophies", "expected"),
    [
        ({}, set()),
        ({"Ann": (0, 0)}, {"Ann"}),
        ({"Ann": (3, 0), "Bob": (2, 9)}, {"Ann"}),  # gate trophies first
        ({"Ann": (2, 1), "Bob": (2, 4)}, {"Bob"}),  # tie -> monster trophies
        ({"Ann": (2, 4), "Bob": (2, 4), "Cy": (1, 9)}, {"Ann", "Bob"}),  # still tied: shared
        ({"Ann": (0, 0), "Bob": (0, 0)}, {"Ann", "Bob"}),
    ],
)
def test_first_citizens(trophies, expected):
    assert rules.first_citizens(trophies) == expected


def test_first_citizen_sums_a_players_investigators():
    seats = [
        SeatResult("Ann", True, gate_trophies=1),
        SeatResult("Ann", True, gate_trophies=2),
        SeatResult("Bob", True, gate_trophies=2, monster_trophies=5),
    ]
    assert rules.first_citizens_of(seats) == {"Ann"}


def _seat(player, gates=0, monsters=0):
    return SeatResult(player, True, gate_trophies=gates, monster_trophies=monsters)


@pytest.mark.parametrize(
    ("seats", "victory", "expected"),
    [
        ([_seat("Ann", 2), _seat("Bob", 1)], True, [(True, True), (False, True)]),
        ([_seat("Ann", 2), _seat("Bob", 1)], False, [(False, True), (False, True)]),
        # Ann's two seats add up (1+1 > 1); only the first of them is her first seat.
        (
            [_seat("Ann", 1), _seat("Bob", 1), _seat("Ann", 1)],
            True,
            [(True, True), (False, True), (True, False)],
        ),
        # Tied on gates: monsters decide; still tied, the title is shared.
        ([_seat("Ann", 1, 3), _seat("Bob", 1, 3)], True, [(True, True), (True, True)]),
        ([_seat("Ann", 1, 2), _seat("Bob", 1, 3)], True, [(False, True), (True, True)]),
    ],
)
def test_seat_flags(seats, victory, expected):
    assert rules.seat_flags(seats, victory=victory) == expected


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        (dict(outcome="closed", investigators=3, gate_trophies=3), []),
        (dict(outcome="closed", investigators=3, gate_trophies=5), []),
        (dict(outcome="closed", investigators=4, gate_trophies=3), ["Closing the gates needs"]),
        (dict(outcome="closed", investigators=1, gate_trophies=0), ["holds 0 for 1 investigator."]),
        (dict(outcome="sealed", elder_sign_tokens=6), []),
        (dict(outcome="sealed", elder_sign_tokens=5), ["6 or more elder sign tokens"]),
        (dict(outcome="sealed", elder_sign_tokens=0), ["0 recorded"]),
        (dict(outcome="banished", ancient_one="Cthulhu"), []),
        (dict(outcome="banished", ancient_one="Azathoth"), ["Azathoth cannot be banished"]),
        (dict(outcome="sealed", ancient_one="Azathoth", elder_sign_tokens=7), []),
        (dict(outcome="closed", ancient_one="Azathoth", investigators=2, gate_trophies=2), []),
    ],
)
def test_victory_problems(kwargs, expected):
    values = dict(
        outcome="sealed",
        ancient_one="Cthulhu",
        investigators=2,
        gate_trophies=0,
        elder_sign_tokens=0,
    )
    problems = rules.victory_problems(**{**values, **kwargs})
    assert len(problems) == len(expected)
    for problem, fragment in zip(problems, expected, strict=True):
        assert fragment in problem


@pytest.mark.parametrize(
    ("cause", "ancient_one", "boxes", "ok"),
    [
        ("devoured", "Cthulhu", set(), True),
        ("devoured", "Azathoth", set(), False),
        ("azathoth", "Azathoth", set(), True),
        ("azathoth", "Cthulhu", set(), False),
        ("act-iii", "Hastur", {"Arkham Horror"}, False),
        ("act-iii", "Hastur", {"Arkham Horror", "The King in Yellow"}, True),
        ("act-iii", "Hastur", {"Miskatonic Horror"}, True),
        ("ancient-one-special", "Glaaki", set(), True),
        ("ancient-one-special", "Bokrug", set(), True),
        ("ancient-one-special", "Yig", set(), False),
        ("ancient-one-special", "Azathoth", set(), False),
        ("other", "Yig", set(), True),
        ("meteor", "Yig", set(), False),
    ],
)
def test_defeat_cause_problems(cause, ancient_one, boxes, ok):
    problems = rules.defeat_cause_problems(cause=cause, ancient_one=ancient_one, boxes=boxes)
    assert (problems == []) is ok


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        ([], ["between 1 and 8 investigators"]),
        ([SeatResult("A", True)] * 8, []),
        ([SeatResult("A", True)] * 9, ["between 1 and 8 investigators"]),
        ([SeatResult("A", True, unpaid_loans=1)], []),
        ([SeatResult("A", True, unpaid_loans=2)], ["at most one Bank Loan"]),
        ([SeatResult("A", True, replaced=1, unpaid_loans=2)], []),
    ],
)
def test_table_problems(seats, expected):
    problems = rules.table_problems(rules.team_totals(seats))
    assert len(problems) == len(expected)
    for problem, fragment in zip(problems, expected, strict=True):
        assert fragment in problem


def test_team_totals():
    totals = rules.team_totals(
        [
            SeatResult("A", True, replaced=1, gate_trophies=2, monster_trophies=2),
            SeatResult("B", False, gate_trophies=1, monster_trophies=2, unpaid_loans=1),
        ]
    )
    assert totals == rules.TeamTotals(
        investigators=2,
        investigators_who_played=3,
        survivors=1,
        gate_trophies=3,
        monster_trophies=4,
        unpaid_loans=1,
    )


def test_rule_module_imports_without_django():
    code = "import sys; import games.rules; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=".")
    assert importlib.import_module("games.rules") is rules


@pytest.mark.parametrize("outcome", rules.OUTCOMES)
def test_game_score_is_the_victory_score_and_none_for_a_defeat(outcome):
    values = {**BASE, "terror_level": 3, "gate_trophies": 2}
    expected = None if outcome == rules.DEFEAT else rules.victory_score(**values)
    assert rules.game_score(outcome=outcome, **values) == expected
    assert set(BASE) - {"doom_track"} == set(rules.SCORE_COUNTS)


@pytest.mark.parametrize(
    ("ended", "outcome", "survives", "problems"),
    [
        # Sane counts whatever the outcome (a defeat has no score to add it to).
        ("sane", "closed", True, []),
        ("sane", "sealed", True, []),
        ("sane", "banished", True, []),
        ("sane", "defeat", True, []),
        # Lost in time and space is still in play while the Ancient One sleeps (ruling 6)…
        ("lost", "closed", True, []),
        ("lost", "sealed", True, []),
        # …and devoured when it awakes: a banished game records such a seat as devoured.
        ("lost", "banished", False, [rules.LOST_WHEN_AWOKEN]),
        ("lost", "defeat", False, []),
        ("devoured", "closed", False, []),
        ("devoured", "banished", False, []),
        ("retired", "sealed", False, []),
        ("retired", "defeat", False, []),
    ],
)
def test_survives_and_seat_problems(ended, outcome, survives, problems):
    assert rules.survives(ended=ended, outcome=outcome) is survives
    assert rules.seat_problems(ended=ended, outcome=outcome) == problems


def test_the_lost_seat_refusal_says_what_to_record():
    assert "when the Ancient One awoke they were devoured: record them as devoured" in (
        rules.LOST_WHEN_AWOKEN
    )


def test_a_lost_seat_adds_a_survivor_point_to_a_sealed_victory():
    seats = [
        SeatResult("A", rules.survives(ended=ended, outcome=rules.SEALED))
        for ended in ("sane", "lost", "devoured")
    ]
    survivors = rules.team_totals(seats).survivors
    assert survivors == 2
    assert rules.victory_score(**{**BASE, "survivors": survivors}) == 13 + 2


DEFEATS_AGAINST_MOST = [("defeat", "devoured"), ("defeat", "act-iii"), ("defeat", "other")]


@pytest.mark.parametrize(
    ("ancient_one", "expected"),
    [
        (
            "Cthulhu",
            [("closed", ""), ("sealed", ""), ("banished", ""), *DEFEATS_AGAINST_MOST],
        ),
        # A defeat by its own rule only where its sheet has one.
        (
            "Glaaki",
            [
                ("closed", ""),
                ("sealed", ""),
                ("banished", ""),
                ("defeat", "devoured"),
                ("defeat", "act-iii"),
                ("defeat", "ancient-one-special"),
                ("defeat", "other"),
            ],
        ),
        ("Yig", [("closed", ""), ("sealed", ""), ("banished", ""), *DEFEATS_AGAINST_MOST]),
        # Never banished nor devoured; his awakening is his own way to end the game.
        (
            "Azathoth",
            [
                ("closed", ""),
                ("sealed", ""),
                ("defeat", "azathoth"),
                ("defeat", "act-iii"),
                ("defeat", "other"),
            ],
        ),
    ],
)
def test_possible_endings(ancient_one, expected):
    assert rules.possible_endings(ancient_one) == expected


@pytest.mark.parametrize("ancient_one", ["Azathoth", "Cthulhu", "Zhar"])
def test_possible_endings_are_what_the_checks_allow(ancient_one):
    possible = set(rules.possible_endings(ancient_one))
    every_box = set(rules.ACT_DECK_BOXES)
    for cause in rules.DEFEAT_CAUSES:
        allowed = not rules.defeat_cause_problems(
            cause=cause, ancient_one=ancient_one, boxes=every_box
        )
        assert ((rules.DEFEAT, cause) in possible) is allowed
    assert ((rules.BANISHED, "") in possible) is rules.can_be_banished(ancient_one)
