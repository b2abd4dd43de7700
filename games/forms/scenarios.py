"""The result form's league-play fields: scenario, team and tasks, and their rules.

The widgets carry what a scenario allows in ``data-`` attributes, so the result form's
script can limit the choices in the browser; the server checks everything again through
``Session.scenario_errors`` (``games.scenario_rules``).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from games import scenario_rules
from games.models import Scenario, ScenarioTask, Team
from games.rule_messages import translated


def _ids(items) -> str:
    return " ".join(str(item.pk) for item in items)


class ScenarioSelect(forms.Select):
    """Scenario options naming what each allows (Ancient Ones, herald, boxes, table size)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        scenario = getattr(value, "instance", None)
        if scenario is not None:
            option["attrs"].update(
                {
                    "data-ancient-ones": _ids(scenario.ancient_ones.all()),
                    "data-herald": str(scenario.herald_id or ""),
                    "data-boxes-required": _ids(scenario.boxes_required.all()),
                    "data-boxes-allowed": _ids(scenario.boxes_allowed.all()),
                    "data-investigators": f"{scenario.investigators_min}-"
                    f"{scenario.investigators_max}",
                }
            )
        return option


class TaskCheckboxes(forms.CheckboxSelectMultiple):
    """Every offered scenario's tasks; each checkbox names its scenario for grouping."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        task = getattr(value, "instance", None)
        if task is not None:
            option["scenario"] = task.scenario_id
            option["scenario_name"] = task.scenario.name
            option["condition"] = task.condition_words
            option["attrs"]["data-scenario"] = str(task.scenario_id)
        return option


def offered_scenarios(league, instance=None):
    """The league's open scenarios, and the one an edited game already belongs to."""
    scenarios = Scenario.objects.of_league(league).open_now()
    if instance is not None and instance.scenario_id:
        scenarios = scenarios | Scenario.objects.filter(pk=instance.scenario_id)
    return scenarios.prefetch_related("ancient_ones", "boxes_required", "boxes_allowed")


def offered_teams(user, league, instance=None):
    """The league's teams of the submitter's player, and the one an edited game was
    played as."""
    player = getattr(user, "player", None) if user and user.is_authenticated else None
    teams = Team.objects.of_league(league).of_player(player)
    if instance is not None and instance.team_id:
        teams = teams | Team.objects.filter(pk=instance.team_id)
    return teams.distinct()


# What a scenario's editors (the Organise area's and the admin's) ask for.
SCENARIO_FIELDS = [
    "name",
    "slug",
    "series",
    "order",
    "briefing",
    "ancient_ones",
    "herald",
    "boxes_required",
    "boxes_allowed",
    "investigators_min",
    "investigators_max",
    "opens_at",
    "closes_at",
]


class ScenarioTermsMixin:
    """Refuses a scenario no game could ever fit, before it is saved: mixed into a Scenario
    model form (the admin's and the Organise area's), one copy of the rules for both, each
    problem beside its field. The table size and the dates are the model's ``clean``."""

    def clean(self):
        cleaned = super().clean()
        required = cleaned.get("boxes_required")
        allowed = cleaned.get("boxes_allowed")
        if required is None or allowed is None:
            return cleaned
        terms = scenario_rules.ScenarioTerms(
            name=cleaned.get("name") or "",
            ancient_ones=frozenset(),
            boxes_required=frozenset(box.name for box in required),
            boxes_allowed=frozenset(box.name for box in allowed),
        )
        for problem in scenario_rules.scenario_terms_problems(terms):
            self.add_error("boxes_allowed", translated(problem))
        allowed_ids = {box.pk for box in allowed}
        items = [("ancient_ones", item) for item in cleaned.get("ancient_ones") or []]
        for field, item in [*items, ("herald", cleaned.get("herald"))]:
            if item is not None and allowed_ids and item.box_id not in allowed_ids:
                problem = gettext("%(item)s comes with %(box)s: allow that box.")
                self.add_error(field, problem % {"item": item, "box": item.box})
        return cleaned


class ScenarioRulesMixin:
    """Checks a Session model form's game against its scenario (result form and admin).

    The boxes and tasks reach the instance only when it is saved, so the model cannot.
    """

    def _post_clean(self):
        super()._post_clean()
        for field, problem in scenario_rule_errors(self.instance, self.cleaned_data, self.errors):
            self.add_error(field if field in self.fields else None, problem)


def scenario_rule_errors(session, cleaned: dict, errors) -> list[tuple[str, str]]:
    """The game as entered (``session``, its form's ``cleaned`` values and ``errors`` so
    far) against its scenario, as (field, message): the step the result form, the admin
    and the import's judge all take."""
    boxes = cleaned.get("boxes")
    if boxes is None or "scenario" in errors:
        return []
    found = session.scenario_errors(
        box_names=[box.name for box in boxes],
        investigators=None,  # the seats check the table size
        tasks=cleaned.get("tasks_done") or [],
    )
    return [(field, problem) for field, problems in found.items() for problem in problems]


class LeaguePlayFields(ScenarioRulesMixin, forms.Form):
    """Scenario, team and tasks: mixed into the result form (``SessionForm``)."""

    scenario = forms.ModelChoiceField(
        queryset=Scenario.objects.none(),
        required=False,
        label=gettext_lazy("Scenario (optional)"),
        empty_label=gettext_lazy("No scenario"),
        widget=ScenarioSelect,
        help_text=gettext_lazy("An open league scenario: its Ancient One, herald and boxes apply."),
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.none(),
        required=False,
        label=gettext_lazy("Played as team (optional)"),
        empty_label=gettext_lazy("No team"),
        help_text=gettext_lazy("Teams you belong to."),
    )
    tasks_done = forms.ModelMultipleChoiceField(
        queryset=ScenarioTask.objects.none(),
        required=False,
        label=gettext_lazy("Scenario tasks completed"),
        widget=TaskCheckboxes,
        help_text=gettext_lazy("+1 point each on the scenario score."),
    )

    def offer(self, *, user, instance, league=None, historical: bool = False) -> None:
        """Limit the choices to what this submitter may pick (the server's half of it).

        ``historical`` (an import of games already played, by someone allowed to add
        games) offers every scenario and every team: the file records who played as which
        team, which the importing user need not belong to, and a scenario that has since
        closed or not yet opened is judged by ``Session.scenario_errors`` at the game's own
        submission time rather than dropped from the choices now.

        Only ``league``'s teams and scenarios (an edited game's own league): none without one.
        """
        if instance is not None and instance.league_id:
            league = instance.league
        if historical:
            scenarios = Scenario.objects.of_league(league)
            self.fields["team"].queryset = Team.objects.of_league(league)
        else:
            scenarios = offered_scenarios(league, instance)
            self.fields["team"].queryset = offered_teams(user, league, instance)
        self.fields["scenario"].queryset = scenarios
        self.fields["tasks_done"].queryset = ScenarioTask.objects.filter(
            scenario__in=scenarios.values("pk")
        ).select_related("scenario")
