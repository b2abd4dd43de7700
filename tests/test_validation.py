"""games.validation: a result's plain values judged by the rules, each broken rule by field."""

import dataclasses
import datetime
import subprocess
import sys

import pytest

from games import rules, validation
from games.validation import GameResult

TODAY = datetime.date(2026, 3, 1)


def totals(investigators=2, gates=0, loans=0, replaced=0):
    seats = [
        rules.SeatResult(f"p{i}", True, replaced if i == 0 else 0, gates if i == 0 else 0)
        for i in range(investigators)
    ]
    return dataclasses.replace(rules.team_totals(seats), unpaid_loans=loans)


def sealed(**changes):
    values = dict(outcome=rules.SEALED, ancient_one="Cthulhu", played_on=TODAY, terror_level=2)
    return GameResult(**{**values, "elder_sign_tokens": 6, **changes})


@pytest.mark.parametrize(
    ("game", "fields"),
    [
        (sealed(), []),
        (sealed(played_on=TODAY + datetime.timedelta(days=1)), ["played_on"]),
        (sealed(terror_level=11), ["terror_level"]),
        (sealed(elder_sign_tokens=5), ["elder_sign_tokens"]),
        (sealed(defeat_cause=rules.DEVOURED), ["defeat_cause"]),
        (sealed(outcome=rules.DEFEAT), ["defeat_cause"]),
        (sealed(outcome=rules.DEFEAT, defeat_cause=rules.AZATHOTH_AWAKENED), ["defeat_cause"]),
        # Act III needs the boxes: the row alone does not judge it.
        (sealed(outcome=rules.DEFEAT, defeat_cause=rules.ACT_III), []),
        (sealed(outcome=rules.BANISHED, ancient_one=rules.AZATHOTH), ["outcome"]),
        (sealed(outcome=rules.BANISHED, ancient_one=""), []),  # no Ancient One chosen yet
    ],
)
def test_game_errors(game, fields):
    assert list(validation.game_errors(game, today=TODAY)) == fields


@pytest.mark.parametrize(
    ("boxes", "fields"),
    [(["Arkham Horror"], ["defeat_cause"]), (["Arkham Horror", "The King in Yellow"], [])],
)
def test_act_iii_needs_an_act_deck(boxes, fields):
    game = sealed(outcome=rules.DEFEAT, defeat_cause=rules.ACT_III)
    assert list(validation.box_errors(game, boxes)) == fields


@pytest.mark.parametrize(
    ("game", "table", "fields"),
    [
        (sealed(), totals(), []),
        (sealed(outcome=rules.CLOSED), totals(gates=1), ["outcome"]),
        (sealed(outcome=rules.CLOSED), totals(gates=2), []),
        (sealed(), totals(investigators=0), ["__all__"]),
        (sealed(), totals(investigators=9), ["__all__"]),
        (sealed(), totals(loans=3), ["__all__"]),
        (sealed(), totals(loans=3, replaced=1), []),
    ],
)
def test_table_errors(game, table, fields):
    assert list(validation.table_errors(game, table)) == fields


def test_result_errors_gather_every_check_by_field():
    game = sealed(
        outcome=rules.DEFEAT,
        defeat_cause=rules.ACT_III,
        played_on=TODAY + datetime.timedelta(days=2),
    )
    errors = validation.result_errors(
        game, today=TODAY, totals=totals(investigators=9), box_names=["Arkham Horror"]
    )
    assert list(errors) == ["played_on", "defeat_cause", "__all__"]


def test_merged_keeps_every_message_in_order():
    assert validation.merged({"a": ["1"]}, {"b": ["2"], "a": ["3"]}, {}) == {
        "a": ["1", "3"],
        "b": ["2"],
    }


def test_validation_imports_without_django():
    code = "import sys, games.validation; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
