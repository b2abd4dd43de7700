"""A game's result judged by ``games.rules``: every broken rule, under the result form's
field that shows it (``__all__`` for the table as a whole).

Pure Python (no Django import). ``Session`` hands its values here (its ``clean()`` and the
``*_errors`` methods the result form, the admin and ``games.recording`` call), so does the
demo league's generator: nothing else restates these checks. A scenario's own rules are
``games.scenario_rules``.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from games import rules
from games.rule_text import Message, gettext_noop, ngettext_lazy

# Broken rules by result field (English ``Message``s, which ``games.rule_messages``
# translates), ``{}`` when the result is valid.
Errors = dict[str, list[str]]


@dataclass(frozen=True)
class GameResult:
    """What a game's own row says, as the checks read it (its seats come as totals)."""

    outcome: str
    defeat_cause: str = ""
    ancient_one: str = ""  # the Ancient One's name; "" while none is chosen
    played_on: datetime.date | None = None
    terror_level: int | None = None
    elder_sign_tokens: int = 0


def game_errors(game: GameResult, *, today: datetime.date) -> Errors:
    """Broken rules that the game's row alone shows (no seats, no boxes needed)."""
    errors: Errors = {}
    if game.played_on and game.played_on > today:
        errors["played_on"] = [Message(gettext_noop("The date played cannot be in the future."))]
    if game.terror_level is not None and game.terror_level > rules.MAX_TERROR:
        template = gettext_noop("The terror level runs from 0 to %(most)s.")
        errors["terror_level"] = [Message(template, most=rules.MAX_TERROR)]
    if game.outcome == rules.DEFEAT and not game.defeat_cause:
        errors["defeat_cause"] = [Message(gettext_noop("Say how the investigators were defeated."))]
    elif game.outcome != rules.DEFEAT and game.defeat_cause:
        errors["defeat_cause"] = [Message(gettext_noop("Only a defeat has a defeat cause."))]
    elif game.outcome == rules.DEFEAT and game.ancient_one:
        # Act III depends on the boxes: box_errors() checks it.
        problems = rules.defeat_cause_problems(
            cause=game.defeat_cause, ancient_one=game.ancient_one, boxes=set(rules.ACT_DECK_BOXES)
        )
        if problems:
            errors["defeat_cause"] = problems
    if game.outcome == rules.SEALED and game.elder_sign_tokens < rules.SEALED_MIN_TOKENS:
        errors["elder_sign_tokens"] = _victory_problems(game, investigators=0, gates=0)
    if game.outcome == rules.BANISHED and game.ancient_one:
        problems = _victory_problems(game, investigators=0, gates=0)
        if problems:
            errors["outcome"] = problems
    return errors


def box_errors(game: GameResult, box_names: Iterable[str]) -> Errors:
    """Broken rules that depend on the boxes in play (Act III)."""
    if game.outcome != rules.DEFEAT or game.defeat_cause != rules.ACT_III:
        return {}
    problems = rules.defeat_cause_problems(
        cause=game.defeat_cause, ancient_one=game.ancient_one, boxes=set(box_names)
    )
    return {"defeat_cause": problems} if problems else {}


def table_errors(game: GameResult, totals: rules.TeamTotals) -> Errors:
    """Broken rules of the table as a whole: seat count, loans, closing the gates."""
    errors: Errors = {}
    if game.outcome == rules.CLOSED:
        problems = _victory_problems(
            game, investigators=totals.investigators, gates=totals.gate_trophies
        )
        if problems:
            errors["outcome"] = problems
    problems = rules.table_problems(totals)
    if problems:
        errors["__all__"] = problems
    return errors


def seat_errors(game: GameResult, ended: str) -> Errors:
    """Broken rules of one seat that ``ended`` so, by seat field."""
    problems = rules.seat_problems(ended=ended, outcome=game.outcome)
    return {"ended": problems} if problems else {}


def loan_errors(*, unpaid_loans: int | None, replaced: int | None) -> Errors:
    """A seat's Bank Loans against the investigators it had (``None``: not entered)."""
    if unpaid_loans is None or replaced is None:
        return {}
    allowed = rules.max_unpaid_loans(1 + replaced)
    if unpaid_loans <= allowed:
        return {}
    forms = ngettext_lazy(
        "Each investigator holds at most one Bank Loan: this seat had %(investigators)s "
        "investigator, so at most %(investigators)s unpaid loan.",
        "Each investigator holds at most one Bank Loan: this seat had %(investigators)s "
        "investigators, so at most %(investigators)s unpaid loans.",
    )
    return {"unpaid_loans": [Message(*forms, count="investigators", investigators=allowed)]}


def result_errors(
    game: GameResult,
    *,
    today: datetime.date,
    totals: rules.TeamTotals,
    box_names: Iterable[str],
    endings: Iterable[str] = (),
) -> Errors:
    """Every broken rule of the whole result. ``endings``: how the seats ended, in seat
    order (a seat's problem names the seat)."""
    seats = [
        Message(gettext_noop("Seat %(number)s: %(problem)s"), number=number, problem=problem)
        for number, ended in enumerate(endings, start=1)
        for problems in seat_errors(game, ended).values()
        for problem in problems
    ]
    return merged(
        game_errors(game, today=today),
        box_errors(game, box_names),
        table_errors(game, totals),
        {"__all__": seats} if seats else {},
    )


def merged(*errors: Errors) -> Errors:
    """The fields' messages of several checks together, in the order given."""
    together: Errors = {}
    for more in errors:
        for field, messages in more.items():
            together.setdefault(field, []).extend(messages)
    return together


def _victory_problems(game: GameResult, *, investigators: int, gates: int) -> list[str]:
    return rules.victory_problems(
        outcome=game.outcome,
        ancient_one=game.ancient_one,
        investigators=investigators,
        gate_trophies=gates,
        elder_sign_tokens=game.elder_sign_tokens,
    )
