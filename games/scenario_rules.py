"""League scenarios (FFG's Arkham Horror League format): the rules on top of ``games.rules``.

Pure Python like ``games.rules`` (no Django import); kept beside it so neither module
grows past a readable size. Models, forms, the write path and the league pages call
these functions; nothing else re-implements a scenario rule.

A scenario names the Ancient One (one, or a set to choose from), an optional herald,
the boxes required and the boxes allowed (nothing else may be in play), the number of
investigators, tasks, and when it opens and closes (league time zone).

Scenario score = rulebook victory score + 1 per task completed; a defeat has none.

League rulings on entries and series points:

9.  One entry per team per scenario (per set of players without a team): the best
    scenario score by default (ties: the earlier submission), unless the team marked
    another of its games as its entry before the scenario closed.
10. Series points of a team or a player = the sum of the scenario scores of their
    entries over the series' scenarios; an entry without a score (a defeat) adds 0.
11. A task may carry a condition on the recorded result, one of ``TASK_CONDITIONS``
    (terror level at most N, no seat devoured, a closed victory, ...). A task with a
    condition can be claimed only by a game whose recorded result meets it; a task
    without one (free text) is taken at the players' word.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from games.rules import (
    BANISHED,
    CLOSED,
    DEFEAT,
    MAX_COUNT,
    MAX_INVESTIGATORS,
    MAX_TERROR,
    MIN_INVESTIGATORS,
    MIN_TERROR,
    SEALED,
    VICTORIES,
)

FFG_MIN_INVESTIGATORS = 2  # the FFG league played scenarios with teams of 2 to 8
FFG_MAX_INVESTIGATORS = 8
TASK_POINTS = 1  # "+1 for each task completed"


@dataclass(frozen=True)
class ScenarioTerms:
    """What a scenario allows, by name; ``boxes_allowed`` empty means any box."""

    name: str
    ancient_ones: frozenset[str]
    boxes_required: frozenset[str]
    boxes_allowed: frozenset[str]
    herald: str | None = None
    investigators_min: int = FFG_MIN_INVESTIGATORS
    investigators_max: int = FFG_MAX_INVESTIGATORS
    opens_at: datetime | None = None
    closes_at: datetime | None = None

    def is_open(self, moment: datetime) -> bool:
        """Open from ``opens_at`` (included) until ``closes_at`` (excluded)."""
        opened = self.opens_at is None or self.opens_at <= moment
        return opened and (self.closes_at is None or moment < self.closes_at)


def scenario_score(*, victory_score: int | None, tasks_completed: int) -> int | None:
    """Rulebook victory score + 1 per task completed; ``None`` for a defeat."""
    if isinstance(tasks_completed, bool) or not isinstance(tasks_completed, int):
        raise ValueError(f"Tasks completed must be a whole number, not {tasks_completed!r}.")
    if tasks_completed < 0:
        raise ValueError(f"Tasks completed must be 0 or more, not {tasks_completed}.")
    if victory_score is None:
        return None
    return victory_score + TASK_POINTS * tasks_completed


def series_points(entry_scores: Iterable[int | None]) -> int:
    """Ruling 10: the scenario scores of the entries added up; a defeat adds nothing."""
    return sum(score for score in entry_scores if score is not None)


@dataclass(frozen=True)
class EntryCandidate:
    """One game a team (or a set of players) played for a scenario."""

    game: int
    scenario_score: int | None
    submitted_at: datetime
    chosen: bool = False  # marked as the entry by the team


def entry_sort_key(candidate: EntryCandidate) -> tuple:
    """Board order: best scenario score first (defeats last), ties to the earlier submission."""
    score = candidate.scenario_score
    return (score is None, -(score or 0), candidate.submitted_at, candidate.game)


def entry_of(candidates: Iterable[EntryCandidate]) -> int | None:
    """Ruling 9: the game that is the entry: the one marked, otherwise the best."""
    candidates = list(candidates)
    chosen = [candidate for candidate in candidates if candidate.chosen]
    pool = chosen or candidates
    return min(pool, key=entry_sort_key).game if pool else None


def _names(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))


def scenario_problems(
    terms: ScenarioTerms,
    *,
    ancient_one: str,
    herald: str | None,
    boxes: set[str],
    investigators: int | None,
    played_on: date | None,
    submitted_at: datetime,
) -> dict[str, list[str]]:
    """Every way a game breaks its scenario, by the result field it concerns.

    Keys: ``ancient_one``, ``herald``, ``boxes``, ``investigators``, ``played_on`` and
    ``submitted_at``; empty when the game fits. An empty ``ancient_one`` or a ``None``
    ``investigators`` or ``played_on`` is not known yet and not checked; ``played_on`` is
    compared with the day ``opens_at`` falls on (in the time zone ``opens_at`` carries).
    """
    problems: dict[str, list[str]] = {}
    if ancient_one and terms.ancient_ones and ancient_one not in terms.ancient_ones:
        problems["ancient_one"] = [
            f"{terms.name} is played against {_names(terms.ancient_ones)}, not {ancient_one}."
        ]
    if terms.herald and herald != terms.herald:
        problems["herald"] = [f"{terms.name} is played with {terms.herald} as herald."]
    box_problems = []
    missing = terms.boxes_required - boxes
    if missing:
        box_problems.append(f"{terms.name} needs {_names(missing)} in play.")
    extra = boxes - terms.boxes_allowed if terms.boxes_allowed else set()
    if extra:
        box_problems.append(f"{terms.name} does not allow {_names(extra)}.")
    if box_problems:
        problems["boxes"] = box_problems
    if investigators is not None and investigator_problems(terms, investigators):
        problems["investigators"] = investigator_problems(terms, investigators)
    if terms.opens_at and played_on and played_on < terms.opens_at.date():
        problems["played_on"] = [
            f"{terms.name} opened on {terms.opens_at:%d %b %Y}: a game played before "
            "cannot enter it."
        ]
    if terms.closes_at and submitted_at >= terms.closes_at:
        problems["submitted_at"] = [
            f"{terms.name} closed on {terms.closes_at:%d %b %Y at %H:%M}: it takes no more games."
        ]
    elif terms.opens_at and submitted_at < terms.opens_at:
        problems["submitted_at"] = [f"{terms.name} has not opened yet."]
    return problems


def investigator_problems(terms: ScenarioTerms, investigators: int) -> list[str]:
    """Too few or too many investigators in play for the scenario."""
    if terms.investigators_min <= investigators <= terms.investigators_max:
        return []
    return [
        f"{terms.name} is played by {terms.investigators_min} to "
        f"{terms.investigators_max} investigators: {investigators} recorded."
    ]


def scenario_task_problems(*, tasks_completed: int, foreign_tasks: int) -> list[str]:
    """Tasks ticked must be the chosen scenario's own."""
    if foreign_tasks:
        return [
            f"{foreign_tasks} ticked task{'s are' if foreign_tasks != 1 else ' is'} not "
            "part of the chosen scenario."
        ]
    return []


def scenario_terms_problems(terms: ScenarioTerms) -> list[str]:
    """A scenario that no game could ever fit (for the admin)."""
    problems = []
    if terms.boxes_allowed and not terms.boxes_required <= terms.boxes_allowed:
        problems.append(
            f"Required boxes must also be allowed: "
            f"{_names(terms.boxes_required - terms.boxes_allowed)}."
        )
    if not (
        MIN_INVESTIGATORS <= terms.investigators_min <= terms.investigators_max <= MAX_INVESTIGATORS
    ):
        problems.append(
            f"Investigators run from {MIN_INVESTIGATORS} to {MAX_INVESTIGATORS}, minimum first."
        )
    if terms.opens_at and terms.closes_at and terms.closes_at <= terms.opens_at:
        problems.append("A scenario must close after it opens.")
    return problems


# -- ruling 11: task conditions ----------------------------------------------------------

OUTCOME_WORDS = {
    CLOSED: "closed the gates",
    SEALED: "sealed the gates",
    BANISHED: "banished the Ancient One",
    DEFEAT: "ended in defeat",
}


@dataclass(frozen=True)
class RecordedResult:
    """What a game recorded, as plain values: all a task condition may look at."""

    outcome: str
    terror_level: int
    elder_signs_played: int
    elder_sign_tokens: int
    investigators: int
    survivors: int
    replaced: int  # investigators lost and replaced, over every seat
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int
    devoured: int  # seats that ended devoured

    @property
    def fallen(self) -> int:
        return self.investigators - self.survivors

    @property
    def victory(self) -> bool:
        return self.outcome in VICTORIES

    @property
    def outcome_words(self) -> str:
        return OUTCOME_WORDS.get(self.outcome, self.outcome)


_TESTS = {"<=": operator.le, ">=": operator.ge, "==": operator.eq}


@dataclass(frozen=True)
class ConditionKind:
    """One kind of task condition: ``value`` (a ``RecordedResult`` attribute) compared by
    ``test`` with N (``bounds`` its range) or, for a kind without N, with ``fixed``.
    ``needs`` and ``recorded`` are the words of the refusal ("{n}" is N, "{r}" the result).
    """

    label: str
    value: str
    test: str  # "<=", ">=" or "=="
    needs: str
    recorded: str
    bounds: tuple[int, int] | None = None
    fixed: object = None
    needs_zero: str = ""  # the words for N = 0, where "0 or fewer" reads oddly

    def holds(self, result: RecordedResult, number: int | None) -> bool:
        wanted = self.fixed if self.bounds is None else number
        return _TESTS[self.test](getattr(result, self.value), wanted)


_ENDED_WITH = "this game ended with {r.%s}"
# The closed set a scenario author picks from: only what a recorded result holds (no doom
# tokens or gates closed, which the result form does not ask). Never remove a key that
# tasks may store; bounds leave out conditions every game meets (terror 10, 8 players).
TASK_CONDITIONS: dict[str, ConditionKind] = {
    "terror-at-most": ConditionKind(
        "Terror level N or less", "terror_level", "<=", "terror level {n} or less",
        "this game ended at {r.terror_level}", (MIN_TERROR, MAX_TERROR - 1),
        needs_zero="terror level 0",
    ),
    "elder-signs-played-at-most": ConditionKind(
        "Elder Sign cards played: N or fewer", "elder_signs_played", "<=",
        "{n} or fewer Elder Sign cards played", "this game played {r.elder_signs_played}",
        (0, MAX_COUNT), needs_zero="no Elder Sign card played",
    ),
    "elder-sign-tokens-at-least": ConditionKind(
        "Elder sign tokens on the board: N or more", "elder_sign_tokens", ">=",
        "{n} or more elder sign tokens on the board", _ENDED_WITH % "elder_sign_tokens",
        (1, MAX_COUNT),
    ),
    "gate-trophies-at-least": ConditionKind(
        "Unspent gate trophies: N or more", "gate_trophies", ">=",
        "{n} or more unspent gate trophies", _ENDED_WITH % "gate_trophies", (1, MAX_COUNT),
    ),
    "monster-trophies-at-least": ConditionKind(
        "Unspent monster trophies: N or more", "monster_trophies", ">=",
        "{n} or more unspent monster trophies", _ENDED_WITH % "monster_trophies",
        (1, MAX_COUNT),
    ),
    "investigators-at-most": ConditionKind(
        "Investigators in play: N or fewer", "investigators", "<=", "{n} or fewer investigators",
        "this game had {r.investigators}", (MIN_INVESTIGATORS, MAX_INVESTIGATORS - 1),
    ),
    "no-seat-devoured": ConditionKind(
        "No seat devoured", "devoured", "==", "no seat devoured",
        "this game had {r.devoured} devoured", fixed=0,
    ),
    "all-survive": ConditionKind(
        "Every investigator sane and surviving", "fallen", "==",
        "every investigator sane and surviving",
        "this game ended with {r.survivors} of {r.investigators}", fixed=0,
    ),
    "none-replaced": ConditionKind(
        "No investigator lost and replaced", "replaced", "==",
        "no investigator lost and replaced", "this game replaced {r.replaced}", fixed=0,
    ),
    "no-unpaid-loans": ConditionKind(
        "No unpaid Bank Loans", "unpaid_loans", "==", "no unpaid Bank Loans",
        _ENDED_WITH % "unpaid_loans", fixed=0,
    ),
    "victory": ConditionKind(
        "A victory", "victory", "==", "a victory", "this game {r.outcome_words}", fixed=True
    ),
    **{
        f"outcome-{outcome}": ConditionKind(
            f"A victory that {OUTCOME_WORDS[outcome]}", "outcome", "==",
            f"a victory that {OUTCOME_WORDS[outcome]}", "this game {r.outcome_words}",
            fixed=outcome,
        )
        for outcome in VICTORIES
    },
}  # fmt: skip


def condition_number_problems(kind: str, number: int | None) -> list[str]:
    """Why a task's condition cannot be checked: N is needed exactly when the kind takes
    one, and must lie in the kind's range."""
    if not kind:
        return ["A number needs a condition to go with."] if number is not None else []
    if kind not in TASK_CONDITIONS:
        return [f"Unknown condition {kind!r}."]
    bounds = TASK_CONDITIONS[kind].bounds
    if bounds is None:
        return ["This condition takes no number: leave it empty."] if number is not None else []
    if number is None:
        return ["This condition needs a number N."]
    if not bounds[0] <= number <= bounds[1]:
        return [f"N runs from {bounds[0]} to {bounds[1]} for this condition."]
    return []


def condition_words(kind: str, number: int | None) -> str:
    """What a condition needs, in words ("terror level 3 or less"); "" for no condition."""
    if not kind:
        return ""
    problems = condition_number_problems(kind, number)
    if problems:
        raise ValueError(problems[0])
    condition = TASK_CONDITIONS[kind]
    if number == 0 and condition.needs_zero:
        return condition.needs_zero
    return condition.needs.format(n=number)


def task_condition_problem(
    *, task: str, kind: str, number: int | None, result: RecordedResult
) -> str | None:
    """Ruling 11: why a claimed task's condition fails on the recorded result, or ``None``
    (always for a task without a condition, ``kind`` empty)."""
    needs = condition_words(kind, number)
    condition = TASK_CONDITIONS.get(kind)
    if condition is None or condition.holds(result, number):
        return None
    return f"\u201c{task}\u201d needs {needs}; {condition.recorded.format(r=result)}."
