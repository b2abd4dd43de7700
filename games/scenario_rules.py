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

import dataclasses
import operator
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from games.rule_text import Message, gettext_noop, ngettext_lazy, require_range
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


def scenario_score(*, victory_score: int | None, tasks_completed: int) -> int | None:
    """Rulebook victory score + 1 per task completed; ``None`` for a defeat."""
    require_range(gettext_noop("Tasks completed"), tasks_completed, 0)
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
    """Every way a game breaks its scenario (``Message``s), by the result field it concerns.

    Keys: ``ancient_one``, ``herald``, ``boxes``, ``investigators``, ``played_on`` and
    ``submitted_at``; empty when the game fits. An empty ``ancient_one`` or a ``None``
    ``investigators`` or ``played_on`` is not known yet and not checked; ``played_on`` is
    compared with the day ``opens_at`` falls on (in the time zone ``opens_at`` carries).
    """
    problems: dict[str, list[str]] = {}

    def refuse(field: str, template: str, **params: object) -> None:
        problems.setdefault(field, []).append(Message(template, scenario=terms.name, **params))

    if ancient_one and terms.ancient_ones and ancient_one not in terms.ancient_ones:
        template = gettext_noop("%(scenario)s is played against %(allowed)s, not %(ancient_one)s.")
        refuse("ancient_one", template, allowed=_names(terms.ancient_ones), ancient_one=ancient_one)
    if terms.herald and herald != terms.herald:
        template = gettext_noop("%(scenario)s is played with %(herald)s as herald.")
        refuse("herald", template, herald=terms.herald)
    if missing := terms.boxes_required - boxes:
        template = gettext_noop("%(scenario)s needs %(boxes)s in play.")
        refuse("boxes", template, boxes=_names(missing))
    if terms.boxes_allowed and (extra := boxes - terms.boxes_allowed):
        template = gettext_noop("%(scenario)s does not allow %(boxes)s.")
        refuse("boxes", template, boxes=_names(extra))
    if investigators is not None and (wrong := investigator_problems(terms, investigators)):
        problems["investigators"] = wrong
    if terms.opens_at and played_on and played_on < terms.opens_at.date():
        template = gettext_noop(
            "%(scenario)s opened on %(opened)s: a game played before cannot enter it."
        )
        refuse("played_on", template, opened=terms.opens_at.date())
    if terms.closes_at and submitted_at >= terms.closes_at:
        template = gettext_noop("%(scenario)s closed on %(closed)s: it takes no more games.")
        refuse("submitted_at", template, closed=terms.closes_at)
    elif terms.opens_at and submitted_at < terms.opens_at:
        refuse("submitted_at", gettext_noop("%(scenario)s has not opened yet."))
    return problems


def investigator_problems(terms: ScenarioTerms, investigators: int) -> list[str]:
    """Too few or too many investigators in play for the scenario."""
    if terms.investigators_min <= investigators <= terms.investigators_max:
        return []
    template = gettext_noop(
        "%(scenario)s is played by %(least)s to %(most)s investigators: %(investigators)s recorded."
    )
    least, most = terms.investigators_min, terms.investigators_max
    return [
        Message(template, scenario=terms.name, least=least, most=most, investigators=investigators)
    ]


def scenario_task_problems(*, tasks_completed: int, foreign_tasks: int) -> list[str]:
    """Tasks ticked must be the chosen scenario's own."""
    if foreign_tasks:
        forms = ngettext_lazy(
            "%(tasks)s ticked task is not part of the chosen scenario.",
            "%(tasks)s ticked tasks are not part of the chosen scenario.",
        )
        return [Message(*forms, count="tasks", tasks=foreign_tasks)]
    return []


def scenario_terms_problems(terms: ScenarioTerms) -> list[str]:
    """A scenario that no game could ever fit (for the admin), as ``Message``s."""
    problems = []
    if terms.boxes_allowed and not terms.boxes_required <= terms.boxes_allowed:
        template = gettext_noop("Required boxes must also be allowed: %(boxes)s.")
        problems.append(Message(template, boxes=_names(terms.boxes_required - terms.boxes_allowed)))
    if not (
        MIN_INVESTIGATORS <= terms.investigators_min <= terms.investigators_max <= MAX_INVESTIGATORS
    ):
        template = gettext_noop("Investigators run from %(least)s to %(most)s, minimum first.")
        problems.append(Message(template, least=MIN_INVESTIGATORS, most=MAX_INVESTIGATORS))
    if terms.opens_at and terms.closes_at and terms.closes_at <= terms.opens_at:
        problems.append(Message(gettext_noop("A scenario must close after it opens.")))
    return problems


# -- ruling 11: task conditions ----------------------------------------------------------

# What a game's outcome did, as a refused outcome condition says it.
OUTCOME_DONE = {
    CLOSED: gettext_noop("this game closed the gates"),
    SEALED: gettext_noop("this game sealed the gates"),
    BANISHED: gettext_noop("this game banished the Ancient One"),
    DEFEAT: gettext_noop("this game ended in defeat"),
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


_TESTS = {"<=": operator.le, ">=": operator.ge, "==": operator.eq}


@dataclass(frozen=True)
class ConditionKind:
    """One kind of task condition: ``value`` (a ``RecordedResult`` attribute) compared by
    ``test`` with N (``bounds`` its range) or, for a kind without N, with ``fixed``.
    ``needs`` and ``recorded`` are the msgids of the refusal: ``%(n)s`` is N, the other
    placeholders are the result's fields; no ``recorded`` means the result's outcome
    (``OUTCOME_DONE``).
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


_ = gettext_noop  # short, for the table below
# The closed set a scenario author picks from: only what a recorded result holds (no doom
# tokens or gates closed, which the result form does not ask). Never remove a key that
# tasks may store; bounds leave out conditions every game meets (terror 10, 8 players).
TASK_CONDITIONS: dict[str, ConditionKind] = {
    "terror-at-most": ConditionKind(
        _("Terror level N or less"), "terror_level", "<=", _("terror level %(n)s or less"),
        _("this game ended at %(terror_level)s"), (MIN_TERROR, MAX_TERROR - 1),
        needs_zero=_("terror level 0"),
    ),
    "elder-signs-played-at-most": ConditionKind(
        _("Elder Sign cards played: N or fewer"), "elder_signs_played", "<=",
        _("%(n)s or fewer Elder Sign cards played"),
        _("this game played %(elder_signs_played)s"), (0, MAX_COUNT),
        needs_zero=_("no Elder Sign card played"),
    ),
    "elder-sign-tokens-at-least": ConditionKind(
        _("Elder sign tokens on the board: N or more"), "elder_sign_tokens", ">=",
        _("%(n)s or more elder sign tokens on the board"),
        _("this game ended with %(elder_sign_tokens)s"), (1, MAX_COUNT),
    ),
    "gate-trophies-at-least": ConditionKind(
        _("Unspent gate trophies: N or more"), "gate_trophies", ">=",
        _("%(n)s or more unspent gate trophies"), _("this game ended with %(gate_trophies)s"),
        (1, MAX_COUNT),
    ),
    "monster-trophies-at-least": ConditionKind(
        _("Unspent monster trophies: N or more"), "monster_trophies", ">=",
        _("%(n)s or more unspent monster trophies"),
        _("this game ended with %(monster_trophies)s"), (1, MAX_COUNT),
    ),
    "investigators-at-most": ConditionKind(
        _("Investigators in play: N or fewer"), "investigators", "<=",
        _("%(n)s or fewer investigators"), _("this game had %(investigators)s"),
        (MIN_INVESTIGATORS, MAX_INVESTIGATORS - 1),
    ),
    "no-seat-devoured": ConditionKind(
        _("No seat devoured"), "devoured", "==", _("no seat devoured"),
        _("this game had %(devoured)s devoured"), fixed=0,
    ),
    "all-survive": ConditionKind(
        _("Every investigator sane and surviving"), "fallen", "==",
        _("every investigator sane and surviving"),
        _("this game ended with %(survivors)s of %(investigators)s"), fixed=0,
    ),
    "none-replaced": ConditionKind(
        _("No investigator lost and replaced"), "replaced", "==",
        _("no investigator lost and replaced"), _("this game replaced %(replaced)s"), fixed=0,
    ),
    "no-unpaid-loans": ConditionKind(
        _("No unpaid Bank Loans"), "unpaid_loans", "==", _("no unpaid Bank Loans"),
        _("this game ended with %(unpaid_loans)s"), fixed=0,
    ),
    "victory": ConditionKind(_("A victory"), "victory", "==", _("a victory"), "", fixed=True),
    "outcome-closed": ConditionKind(
        _("A victory that closed the gates"), "outcome", "==",
        _("a victory that closed the gates"), "", fixed=CLOSED,
    ),
    "outcome-sealed": ConditionKind(
        _("A victory that sealed the gates"), "outcome", "==",
        _("a victory that sealed the gates"), "", fixed=SEALED,
    ),
    "outcome-banished": ConditionKind(
        _("A victory that banished the Ancient One"), "outcome", "==",
        _("a victory that banished the Ancient One"), "", fixed=BANISHED,
    ),
}  # fmt: skip
del _


def condition_number_problems(kind: str, number: int | None) -> list[str]:
    """Why a task's condition cannot be checked (``Message``s): N is needed exactly when
    the kind takes one, and must lie in the kind's range."""
    if not kind:
        if number is None:
            return []
        return [Message(gettext_noop("A number needs a condition to go with."))]
    if kind not in TASK_CONDITIONS:
        return [Message(gettext_noop("Unknown condition %(kind)s."), kind=repr(kind))]
    bounds = TASK_CONDITIONS[kind].bounds
    if bounds is None:
        if number is None:
            return []
        return [Message(gettext_noop("This condition takes no number: leave it empty."))]
    if number is None:
        return [Message(gettext_noop("This condition needs a number N."))]
    if not bounds[0] <= number <= bounds[1]:
        template = gettext_noop("N runs from %(least)s to %(most)s for this condition.")
        return [Message(template, least=bounds[0], most=bounds[1])]
    return []


def condition_words(kind: str, number: int | None) -> str:
    """What a condition needs, in words ("terror level 3 or less", a ``Message``); "" for
    no condition."""
    if not kind:
        return ""
    problems = condition_number_problems(kind, number)
    if problems:
        raise ValueError(problems[0])
    condition = TASK_CONDITIONS[kind]
    if number == 0 and condition.needs_zero:
        return Message(condition.needs_zero)
    return Message(condition.needs, n=number) if condition.bounds else Message(condition.needs)


def task_condition_problem(
    *, task: str, kind: str, number: int | None, result: RecordedResult
) -> str | None:
    """Ruling 11: why a claimed task's condition fails on the recorded result (a
    ``Message``), or ``None`` (always for a task without a condition, ``kind`` empty)."""
    needs = condition_words(kind, number)
    condition = TASK_CONDITIONS.get(kind)
    if condition is None or condition.holds(result, number):
        return None
    if condition.recorded:
        facts = {**dataclasses.asdict(result), "fallen": result.fallen}
        recorded = Message(condition.recorded, **facts)
    else:
        recorded = Message(OUTCOME_DONE.get(result.outcome, result.outcome))
    template = gettext_noop("“%(task)s” needs %(needs)s; %(recorded)s.")
    return Message(template, task=task, needs=needs, recorded=recorded)
