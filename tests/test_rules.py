"""games.rules: tables of cases for the score, First Citizen and preconditions.

The tables live in tests/rule_cases.json, which the browser's port of the rules
(static/js/rules.js) is tested on too (tests/js/rules.test.mjs): the two cannot drift."""

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import rules, scenario_rules
from games.rules import SeatResult

CASES = json.loads((Path(__file__).parent / "rule_cases.json").read_text(encoding="utf-8"))
BASE = CASES["score_base"]


READ: set[str] = set()


def cases(name):
    """The shared table ``name``: each case a parameter, named by its index and reason."""
    READ.add(name)
    return [
        pytest.param(case, id=f"{index}-{case.get('why', '')}".rstrip("-"))
        for index, case in enumerate(CASES[name])
    ]


def test_every_shared_table_is_checked_here():
    tables = {name for name, value in CASES.items() if isinstance(value, list)}
    assert tables == READ


@pytest.mark.parametrize("case", cases("scenario_score"))
def test_scenario_score(case):
    values = {"victory_score": case["victory_score"], "tasks_completed": case["tasks_completed"]}
    assert scenario_rules.scenario_score(**values) == case["expected"]


@pytest.mark.parametrize("case", cases("scenario_score_errors"))
def test_scenario_score_refuses_bad_task_counts(case):
    with pytest.raises(ValueError, match=re.escape(case["message"])):
        scenario_rules.scenario_score(victory_score=10, tasks_completed=case["tasks_completed"])


@pytest.mark.parametrize("case", cases("scenario_task_problems"))
def test_scenario_task_problems(case):
    problems = scenario_rules.scenario_task_problems(
        tasks_completed=case["tasks_completed"], foreign_tasks=case["foreign_tasks"]
    )
    assert problems == case["expected"]


def seat_results(seats):
    return [SeatResult(**seat) for seat in seats]


@pytest.mark.parametrize("case", cases("victory_score"))
def test_victory_score(case):
    assert rules.victory_score(**{**BASE, **case["changes"]}) == case["expected"]


@pytest.mark.parametrize("case", cases("victory_score_range_errors"))
def test_victory_score_range_errors(case):
    with pytest.raises(ValueError, match=case["message"]):
        rules.victory_score(**{**BASE, **case["changes"]})


@pytest.mark.parametrize("case", cases("score_breakdown"))
def test_breakdown_sums_to_the_score(case):
    values = {**BASE, **case["changes"]}
    terms = rules.score_breakdown(**values)
    assert [[term.label, term.count, term.points] for term in terms] == case["terms"]
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


@pytest.mark.parametrize("case", cases("first_citizens"))
def test_first_citizens(case):
    trophies = {player: tuple(held) for player, held in case["trophies"].items()}
    assert rules.first_citizens(trophies) == set(case["expected"])


@pytest.mark.parametrize("case", cases("first_citizens_of"))
def test_first_citizen_sums_a_players_investigators(case):
    assert rules.first_citizens_of(seat_results(case["seats"])) == set(case["expected"])


@pytest.mark.parametrize("case", cases("seat_flags"))
def test_seat_flags(case):
    flags = rules.seat_flags(seat_results(case["seats"]), victory=case["victory"])
    assert flags == [tuple(flag) for flag in case["expected"]]


@pytest.mark.parametrize("case", cases("victory_problems"))
def test_victory_problems(case):
    problems = rules.victory_problems(**{**CASES["victory_problems_base"], **case["changes"]})
    assert len(problems) == len(case["expected"])
    for problem, fragment in zip(problems, case["expected"], strict=True):
        assert fragment in problem


@pytest.mark.parametrize("case", cases("defeat_cause_problems"))
def test_defeat_cause_problems(case):
    problems = rules.defeat_cause_problems(
        cause=case["cause"], ancient_one=case["ancient_one"], boxes=set(case["boxes"])
    )
    assert (problems == []) is case["ok"]


@pytest.mark.parametrize("case", cases("table_problems"))
def test_table_problems(case):
    problems = rules.table_problems(rules.team_totals(seat_results(case["seats"])))
    assert len(problems) == len(case["expected"])
    for problem, fragment in zip(problems, case["expected"], strict=True):
        assert fragment in problem


@pytest.mark.parametrize("case", cases("team_totals"))
def test_team_totals(case):
    totals = rules.team_totals(seat_results(case["seats"]))
    assert totals == rules.TeamTotals(**case["expected"])


def test_rule_module_imports_without_django():
    code = "import sys; import games.rules; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=".")
    assert importlib.import_module("games.rules") is rules


@pytest.mark.parametrize("case", cases("game_score"))
def test_game_score_is_the_victory_score_and_none_for_a_defeat(case):
    values = case["values"]
    expected = None if case["outcome"] == rules.DEFEAT else rules.victory_score(**values)
    assert case["expected"] == expected
    assert rules.game_score(outcome=case["outcome"], **values) == expected
    assert set(BASE) - {"doom_track"} == set(rules.SCORE_COUNTS)


def test_game_score_cases_cover_every_outcome():
    assert [case["outcome"] for case in CASES["game_score"]] == list(rules.OUTCOMES)


@pytest.mark.parametrize("case", cases("survives_and_seat_problems"))
def test_survives_and_seat_problems(case):
    ended, outcome = case["ended"], case["outcome"]
    assert rules.survives(ended=ended, outcome=outcome) is case["survives"]
    assert rules.seat_problems(ended=ended, outcome=outcome) == case["problems"]


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


@pytest.mark.parametrize("case", cases("possible_endings"))
def test_possible_endings(case):
    expected = [tuple(ending) for ending in case["expected"]]
    assert rules.possible_endings(case["ancient_one"]) == expected


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
