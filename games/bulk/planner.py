"""Planning realistic, rule-valid games at random, one after another, for the demo league.

Every game is built as the rules allow (``games.validation`` finds nothing to say) and is
scored by ``games.rules``, with the seat flags ``rules.seat_flags`` gives, so the stored
rows are exactly what the one-game write path stores. Games are planned as plain tuples
(no model instances: a million of them would take longer than writing them) for
``games.bulk.load`` to copy in.
"""

from __future__ import annotations

import bisect
import datetime
import itertools
import random
from dataclasses import dataclass, field

from django.utils import timezone

from games import rules, scenario_rules, validation
from games.models import AncientOne, Box, Guardian, Herald, Investigator, Seat, Status
from games.models.scenario_play import entry_key_for

from .league import ScenarioPlan
from .load import SEAT_FIELDS, PlannedGame
from .strengths import Strengths

LOCATIONS = ("Club night", "Kitchen table", "Game café", "Convention", "Online", "")
OTHER_LOSSES = (
    "The last investigator was lost in time and space.",
    "We ran out of time at the club and called it a loss.",
    "Too many monsters in Arkham: the town fell.",
)
TEAM_SHARE = 0.75  # most demo games are played as a team
SCENARIO_SHARE = 0.08  # and some of them for a league scenario
HISTORY_DAYS = 3 * 365  # games spread over the last three years


class Weighted:
    """Draw from a fixed table of weights with one random number (cheaper than choices())."""

    __slots__ = ("values", "cumulative", "total")

    def __init__(self, weights: dict):
        self.values = list(weights)
        self.cumulative = list(itertools.accumulate(weights.values()))
        self.total = self.cumulative[-1]

    def draw(self, rng: random.Random):
        return self.values[bisect.bisect(self.cumulative, rng.random() * self.total)]


# A cooperative game that is usually won a little more often than lost.
OUTCOMES = Weighted({rules.CLOSED: 36, rules.SEALED: 20, rules.BANISHED: 14, rules.DEFEAT: 30})
VICTORIES = Weighted({rules.CLOSED: 36, rules.SEALED: 20, rules.BANISHED: 14})
SEAT_COUNTS = Weighted({1: 3, 2: 12, 3: 20, 4: 24, 5: 16, 6: 12, 7: 7, 8: 6})
STATUSES = Weighted({Status.APPROVED.value: 92, Status.PENDING.value: 6, Status.REJECTED.value: 2})
REPLACED = Weighted({0: 80, 1: 16, 2: 4})
ENDED = Weighted(dict(zip(Seat.Ended.values, (82, 8, 6, 4), strict=True)))
GATES = Weighted({0: 40, 1: 35, 2: 18, 3: 7})
MONSTERS = Weighted(dict(enumerate((25, 20, 18, 14, 10, 8, 5))))
TERROR = Weighted(dict(enumerate((14, 14, 13, 12, 10, 9, 8, 7, 6, 4, 3))))
ELDER_SIGNS = Weighted({0: 55, 1: 28, 2: 12, 3: 5})
# Indexes into a planned seat (SEAT_FIELDS order) that the generator adjusts.
SEAT_PLAYER, SEAT_GATES = SEAT_FIELDS.index("player_id"), SEAT_FIELDS.index("gate_trophies")
SEAT_ENDED = SEAT_FIELDS.index("ended")


@dataclass
class Catalog:
    """The catalog and the league as plain ids and names: planning needs no queries."""

    ancient_ones: list[AncientOne]
    base: int
    expansions: list[int]
    box_names: dict[int, str]
    investigators_by_box: dict[int, list[int]]
    heralds_by_box: dict[int, list[Herald]]
    guardians_by_box: dict[int, list[int]]
    league_id: int | None = None  # the league the games belong to
    players: list[int] = field(default_factory=list)
    teams: list[tuple[int, list[int]]] = field(default_factory=list)
    scenarios: list[ScenarioPlan] = field(default_factory=list)
    strengths: Strengths | None = None

    @classmethod
    def load(cls) -> Catalog:
        boxes = list(Box.objects.order_by("pk"))
        return cls(
            ancient_ones=list(AncientOne.objects.order_by("pk")),
            base=next(box.pk for box in boxes if box.kind == Box.Kind.BASE),
            expansions=[box.pk for box in boxes if box.kind != Box.Kind.BASE],
            box_names={box.pk: box.name for box in boxes},
            investigators_by_box=_by_box(
                Investigator.objects.order_by("pk").values_list("box", "pk")
            ),
            heralds_by_box=_by_box((h.box_id, h) for h in Herald.objects.order_by("pk")),
            guardians_by_box=_by_box(Guardian.objects.order_by("pk").values_list("box", "pk")),
        )


def _by_box(rows) -> dict[int, list]:
    """(box id, row) pairs as {box id: its rows, in the pairs' order}."""
    by_box: dict[int, list] = {}
    for box, row in rows:
        by_box.setdefault(box, []).append(row)
    return by_box


class Planner:
    """Plans rule-valid games one after another from one random generator."""

    def __init__(self, rng: random.Random, catalog: Catalog, now: datetime.datetime):
        self.rng, self.catalog, self.now = rng, catalog, now
        self.today = timezone.localdate(now)
        self.days = [self.today - datetime.timedelta(days=n) for n in range(HISTORY_DAYS)]
        self.evenings: dict[tuple[datetime.date, int], datetime.datetime] = {}
        self.windows = {
            plan.scenario.pk: (
                timezone.localdate(plan.terms.opens_at),
                timezone.localdate(min(plan.terms.closes_at, now)),
            )
            for plan in catalog.scenarios
        }

    def evening(self, day: datetime.date, hours: int = 0) -> datetime.datetime:
        """8 pm local time on ``day``, plus ``hours`` (cached: a few thousand distinct)."""
        key = (day, hours)
        if key not in self.evenings:
            naive = datetime.datetime.combine(day, datetime.time(20))
            self.evenings[key] = timezone.make_aware(naive + datetime.timedelta(hours=hours))
        return self.evenings[key]

    def game(self) -> PlannedGame:
        """One game: its session columns (SESSION_FIELDS), seats (SEAT_FIELDS), boxes, tasks."""
        rng, catalog = self.rng, self.catalog
        plan = (
            rng.choice(catalog.scenarios)
            if catalog.scenarios and rng.random() < SCENARIO_SHARE
            else None
        )
        if plan is not None:
            ancient_one = rng.choice(plan.ancient_ones)
            boxes = set(plan.required)
            boxes.update(rng.sample(plan.extras, k=rng.randint(0, len(plan.extras))))
        else:
            ancient_one = rng.choice(catalog.ancient_ones)
            boxes = {catalog.base, ancient_one.box_id}
            boxes.update(rng.sample(catalog.expansions, k=rng.choice((0, 0, 1, 1, 2, 3))))
        boxes = sorted(boxes)
        pool = [inv for box in boxes for inv in catalog.investigators_by_box.get(box, ())]
        seat_count = min(SEAT_COUNTS.draw(rng), len(pool))
        if plan is not None:
            low, high = plan.terms.investigators_min, plan.terms.investigators_max
            seat_count = min(max(seat_count, low), high, len(pool))
        team, people = None, catalog.players
        if catalog.teams and rng.random() < TEAM_SHARE:
            team, people = rng.choice(catalog.teams)
        wanted = max(1, seat_count - rng.choice((0, 0, 0, 1, 2)))
        humans = rng.sample(people, k=min(wanted, len(people)))
        chosen = rng.sample(pool, k=seat_count)
        heralds = [h for box in boxes for h in catalog.heralds_by_box.get(box, ())]
        herald = rng.choice(heralds) if heralds and rng.random() < 0.4 else None
        if plan is not None and plan.herald is not None:
            herald = plan.herald
        outcome = self.outcome(ancient_one, herald, boxes, chosen, humans)
        victory = outcome != rules.DEFEAT
        seats = [
            # SEAT_FIELDS order: position, player, investigator, ended, replaced, trophies…
            [
                position,
                humans[(position - 1) % len(humans)],
                investigator,
                ENDED.draw(rng),
                REPLACED.draw(rng),
                GATES.draw(rng),
                MONSTERS.draw(rng),
                1 if rng.random() < 0.08 else 0,
            ]
            for position, investigator in enumerate(chosen, start=1)
        ]
        for seat in seats:  # the awakening devoured anyone lost in time and space
            if rules.seat_problems(ended=seat[SEAT_ENDED], outcome=outcome):
                seat[SEAT_ENDED] = rules.ENDED_DEVOURED
        if outcome == rules.CLOSED:
            # Closing needs a gate trophy per investigator in play: hand out the shortfall.
            short = seat_count - sum(seat[SEAT_GATES] for seat in seats)
            for _ in range(max(0, short) + rng.choice((0, 0, 1, 2))):
                rng.choice(seats)[SEAT_GATES] += 1

        box_names = {catalog.box_names[box] for box in boxes}
        defeat_cause = "" if victory else self.defeat_cause(ancient_one.name, box_names)
        guardians = [g for box in boxes for g in catalog.guardians_by_box.get(box, ())]
        guardian = rng.choice(guardians) if guardians and rng.random() < 0.5 else None
        terror = TERROR.draw(rng)
        elder_signs = ELDER_SIGNS.draw(rng)
        tokens = rng.randint(6, 8) if outcome == rules.SEALED else rng.randint(0, 5)
        location = rng.choice(LOCATIONS)
        # The result form asks what happened whenever a defeat is "another loss".
        notes = rng.choice(OTHER_LOSSES) if defeat_cause == rules.OTHER else ""
        status = STATUSES.draw(rng)
        played_on = self.days[rng.randrange(HISTORY_DAYS)]
        # Submitted at the table or within a few days, never in the future.
        created_at = min(self.evening(played_on, rng.randrange(0, 96)), self.now)
        task_ids: list[int] = []
        entry_key = ""
        if plan is not None:
            played_on, created_at = self.scenario_dates(plan)
            task_ids = rng.sample(plan.task_ids, k=rng.randint(0, len(plan.task_ids)))
            entry_key = entry_key_for(
                team_id=team, player_ids=[seat[SEAT_PLAYER] for seat in seats]
            )

        results = [
            rules.SeatResult(
                str(seat[1]), rules.survives(ended=seat[3], outcome=outcome), *seat[4:8]
            )
            for seat in seats
        ]
        totals = rules.team_totals(results)
        for seat, flags in zip(seats, rules.seat_flags(results, victory=victory), strict=True):
            seat.extend(flags)
        score = rules.game_score(
            outcome=outcome,
            doom_track=ancient_one.doom_track,
            terror_level=terror,
            unpaid_loans=totals.unpaid_loans,
            elder_signs_played=elder_signs,
            gate_trophies=totals.gate_trophies,
            monster_trophies=totals.monster_trophies,
            survivors=totals.survivors,
        )
        result = validation.GameResult(
            outcome=outcome,
            defeat_cause=defeat_cause,
            ancient_one=ancient_one.name,
            played_on=played_on,
            terror_level=terror,
            elder_sign_tokens=tokens,
        )
        errors = validation.result_errors(
            result,
            today=self.today,
            totals=totals,
            box_names=box_names,
            endings=[seat[SEAT_ENDED] for seat in seats],
        )
        problems = [message for messages in errors.values() for message in messages]
        if plan is not None:
            problems += scenario_rules.scenario_problems(
                plan.terms,
                ancient_one=ancient_one.name,
                herald=herald.name if herald else None,
                boxes=box_names,
                investigators=totals.investigators,
                played_on=played_on,
                submitted_at=created_at,
            ).values()
        if problems:  # a bug in this generator, never bad luck
            raise RuntimeError(f"The demo generator broke a rule: {problems}")
        session = (  # SESSION_FIELDS order
            catalog.league_id,
            ancient_one.pk,
            played_on,
            herald.pk if herald else None,
            guardian,
            team,
            plan.scenario.pk if plan else None,
            outcome,
            defeat_cause,
            terror,
            elder_signs,
            tokens,
            location,
            notes,
            status,
            created_at,
            len(task_ids),
            entry_key,
            # Session.DERIVED_FIELDS
            totals.investigators,
            totals.survivors,
            totals.gate_trophies,
            totals.monster_trophies,
            totals.unpaid_loans,
            score,
            scenario_rules.scenario_score(victory_score=score, tasks_completed=len(task_ids))
            if plan
            else None,
        )
        return PlannedGame(session, seats, boxes, task_ids)

    def outcome(self, ancient_one, herald, boxes, investigators, humans) -> str:
        """How the table fared: won with the chance the league's strengths give it
        (``strengths``), or as often as the outcome table says when it has none."""
        rng, strengths = self.rng, self.catalog.strengths
        if strengths is None:
            outcome = OUTCOMES.draw(rng)
        elif rng.random() < strengths.win_chance(
            ancient_one=ancient_one.pk,
            herald=herald.pk if herald else None,
            boxes=boxes,
            investigators=investigators,
            players=humans,
        ):
            outcome = VICTORIES.draw(rng)
        else:
            outcome = rules.DEFEAT
        if outcome == rules.BANISHED and ancient_one.name == rules.AZATHOTH:
            # Azathoth is never banished: a table strong enough closes or seals instead.
            outcome = rules.CLOSED if strengths is not None else rules.DEFEAT
        return outcome

    def defeat_cause(self, ancient_one: str, box_names: set[str]) -> str:
        rng = self.rng
        if ancient_one == rules.AZATHOTH:
            return rules.AZATHOTH_AWAKENED
        if box_names & rules.ACT_DECK_BOXES and rng.random() < 0.25:
            return rules.ACT_III
        if ancient_one in rules.OWN_DEFEAT_RULE and rng.random() < 0.4:
            return rules.ANCIENT_ONE_SPECIAL
        return rules.DEVOURED if rng.random() < 0.92 else rules.OTHER

    def scenario_dates(self, plan: ScenarioPlan) -> tuple[datetime.date, datetime.datetime]:
        """Played while the scenario was open and submitted before it closed."""
        first, last = self.windows[plan.scenario.pk]
        played_on = first + datetime.timedelta(days=self.rng.randrange((last - first).days + 1))
        opens_at, closes_at = plan.terms.opens_at, plan.terms.closes_at
        submitted = max(self.evening(played_on), opens_at) + datetime.timedelta(
            minutes=self.rng.randrange(0, 48 * 60)
        )
        return played_on, min(submitted, closes_at - datetime.timedelta(minutes=1), self.now)
