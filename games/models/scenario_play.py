"""What a game records about league play: the team, the scenario, its tasks, the entry.

An abstract base of ``Session``. The scenario score and the entry flags are stored on the
row (written by ``games.recording``), so boards and standings sort and sum indexed columns.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import rules, scenario_rules
from games.rule_messages import translated

from .scenarios import Scenario, ScenarioTask
from .teams import Team


class ScenarioPlay(models.Model):
    team = models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="sessions",
        verbose_name=_("played as team"),
    )
    scenario = models.ForeignKey(
        Scenario,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="sessions",
        verbose_name=_("scenario"),
    )
    tasks_done = models.ManyToManyField(
        ScenarioTask, blank=True, related_name="sessions", verbose_name=_("tasks completed")
    )
    # Derived by the write path; never typed in.
    tasks_completed = models.PositiveSmallIntegerField(
        _("tasks completed"), default=0, editable=False
    )
    scenario_score = models.SmallIntegerField(
        _("scenario score"), null=True, blank=True, editable=False
    )
    # Who the entry belongs to: "t<team id>", or "p<player ids>" for a table without a team.
    entry_key = models.CharField(max_length=255, blank=True, editable=False)
    is_entry = models.BooleanField(
        _("is entry"),
        default=False,
        editable=False,
        help_text=_("The game that counts for its scenario."),
    )
    entry_chosen = models.BooleanField(
        _("entry chosen"),
        default=False,
        editable=False,
        help_text=_("Marked as the entry by its team."),
    )

    class Meta:
        abstract = True

    def scenario_errors(
        self, *, box_names: Iterable[str], investigators: int | None, tasks: Iterable[ScenarioTask]
    ) -> dict[str, list[str]]:
        """Every way the game breaks its scenario, by result field; ``{}`` when it fits.

        The submission time is ``created_at`` (now, for a game being recorded).
        """
        tasks = list(tasks)
        if not self.scenario_id:
            if tasks:
                return {
                    "tasks_done": [gettext("Tasks count only in a scenario: choose the scenario.")]
                }
            return {}
        problems = scenario_rules.scenario_problems(
            self.scenario.terms(),
            ancient_one=self.ancient_one.name if self.ancient_one_id else "",
            herald=self.herald.name if self.herald_id else None,
            boxes=set(box_names),
            investigators=investigators,
            played_on=self.played_on,
            submitted_at=self.created_at,
        )
        errors: dict[str, list[str]] = {}
        for key, messages in problems.items():
            errors.setdefault(PROBLEM_FIELDS.get(key, key), []).extend(map(translated, messages))
        foreign = sum(1 for task in tasks if task.scenario_id != self.scenario_id)
        task_problems = scenario_rules.scenario_task_problems(
            tasks_completed=len(tasks), foreign_tasks=foreign
        )
        if task_problems:
            errors["tasks_done"] = [translated(problem) for problem in task_problems]
        return errors

    def task_condition_errors(
        self, *, tasks: Iterable[ScenarioTask], totals: rules.TeamTotals, endings: Iterable[str]
    ) -> dict[str, list[str]]:
        """Each claimed task of the game's scenario whose condition the result breaks
        (ruling 11), under ``tasks_done``; ``{}`` when all hold or the result is incomplete."""
        if not self.scenario_id or self.terror_level is None or not self.outcome:
            return {}
        result = scenario_rules.RecordedResult(
            outcome=self.outcome,
            terror_level=self.terror_level,
            elder_signs_played=self.elder_signs_played or 0,
            elder_sign_tokens=self.elder_sign_tokens or 0,
            investigators=totals.investigators,
            survivors=totals.survivors,
            replaced=totals.investigators_who_played - totals.investigators,
            gate_trophies=totals.gate_trophies,
            monster_trophies=totals.monster_trophies,
            unpaid_loans=totals.unpaid_loans,
            devoured=sum(1 for ended in endings if ended == rules.ENDED_DEVOURED),
        )
        problems = [
            problem
            for task in tasks
            if task.scenario_id == self.scenario_id
            and (problem := task.condition_problem(result)) is not None
        ]
        return {"tasks_done": problems} if problems else {}

    def compute_scenario_score(self) -> int | None:
        """Rulebook score + tasks (``games.scenario_rules``); ``None`` without a scenario."""
        if not self.scenario_id:
            return None
        return scenario_rules.scenario_score(
            victory_score=self.score, tasks_completed=self.tasks_completed
        )


def entry_key_for(*, team_id: int | None, player_ids) -> str:
    """Ruling 9's "one entry per team, or per set of players without a team"."""
    if team_id:
        return f"t{team_id}"
    return "p" + ",".join(str(pk) for pk in sorted(set(player_ids)))


# Where each scenario problem is shown on the result form.
PROBLEM_FIELDS = {"investigators": "__all__", "submitted_at": "scenario"}
