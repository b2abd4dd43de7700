"""The result form: the game itself (``SessionForm``); its seats are ``games.forms.seats``."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import rules, validation
from games.models import (
    AncientOne,
    Box,
    DefeatCause,
    Guardian,
    Herald,
    Outcome,
    Scenario,
    ScenarioTask,
    Session,
    Team,
)
from games.rule_messages import formatted_lazy
from games.rule_text import gettext_noop

from .seats import box_problem
from .widgets import (
    AncientOneSelect,
    BoxCheckboxes,
    BoxFilteredSelect,
    NumberInput,
    OutcomeRadioSelect,
    ScenarioSelect,
    TaskCheckboxes,
)


def base_boxes() -> list[Box]:
    """Every game is played with the base game in play."""
    return list(Box.objects.filter(kind=Box.Kind.BASE))


class AncientOneField(forms.ModelChoiceField):
    """Ancient Ones named with their printed doom track, where every victory score starts."""

    def label_from_instance(self, obj: AncientOne) -> str:
        return _("%(name)s (doom track %(doom_track)s)") % {
            "name": obj.name,
            "doom_track": obj.doom_track,
        }


class SessionRulesMixin:
    """Checks a Session model form's game against its scenario and the boxes in play
    (Act III), for the result form and the admin: the boxes and tasks reach the instance
    only when it is saved, so the model cannot."""

    def _post_clean(self):
        super()._post_clean()
        for field, problem in entered_rule_errors(self.instance, self.cleaned_data, self.errors):
            self.add_error(field if field in self.fields else None, problem)


def entered_rule_errors(session: Session, cleaned: dict, errors) -> list[tuple[str, str]]:
    """The game as entered (``session``, its form's ``cleaned`` values and ``errors`` so
    far) against its scenario and its boxes, as (field, message): the step the result
    form, the admin and the import's judge all take."""
    boxes = cleaned.get("boxes")
    if boxes is None:
        return []
    found = {}
    if "scenario" not in errors:
        found = session.scenario_errors(
            box_names=[box.name for box in boxes],
            investigators=None,  # the seats check the table size
            tasks=cleaned.get("tasks_done") or [],
        )
    # A cause already refused, or boxes the scenario refuses, are not judged again.
    if "defeat_cause" not in errors and not {"boxes", "defeat_cause"} & found.keys():
        # The rules know a box by its English name.
        found = validation.merged(found, session.box_errors(box.name_en for box in boxes))
    return [(field, problem) for field, problems in found.items() for problem in problems]


class SessionForm(SessionRulesMixin, forms.ModelForm):
    """The game as a whole: who was fought, with what, how it ended, and for what."""

    ancient_one = AncientOneField(
        queryset=AncientOne.objects.all(),
        label=gettext_lazy("Ancient One"),
        widget=AncientOneSelect,
        help_text=gettext_lazy("Its printed doom track starts the victory score."),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date played"),
        initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=gettext_lazy("The day the game ended."),
    )
    boxes = forms.ModelMultipleChoiceField(
        queryset=Box.objects.all(),
        label=gettext_lazy("Boxes in play"),
        initial=base_boxes,
        widget=BoxCheckboxes,
        help_text=gettext_lazy(
            "Investigators, heralds and guardians must come from a box in play."
        ),
    )
    herald = forms.ModelChoiceField(
        queryset=Herald.objects.all(),
        required=False,
        label=gettext_lazy("Herald (optional)"),
        widget=BoxFilteredSelect,
    )
    guardian = forms.ModelChoiceField(
        queryset=Guardian.objects.all(),
        required=False,
        label=gettext_lazy("Kingsport guardian (optional)"),
        widget=BoxFilteredSelect,
    )
    outcome = forms.ChoiceField(
        choices=Outcome.choices,
        label=gettext_lazy("How did the game end?"),
        widget=OutcomeRadioSelect,
    )
    defeat_cause = forms.ChoiceField(
        choices=[("", gettext_lazy("Choose the cause…")), *DefeatCause.choices],
        required=False,
        label=gettext_lazy("How were the investigators defeated?"),
    )
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

    confirm_duplicate = forms.BooleanField(
        required=False,
        label=gettext_lazy("Yes, this is a different game: save it anyway"),
    )
    # The version of the game this edit started from (see games.recording).
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    # The phone's id of a new game (static/js/offline-queue.js): sent twice, stored once.
    client_id = forms.UUIDField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Session
        fields = Session.RESULT_FIELDS
        labels = {
            "elder_sign_tokens": gettext_lazy("Elder sign tokens on the board"),
            "terror_level": gettext_lazy("Terror level at the end"),
            "elder_signs_played": gettext_lazy("Elder Sign cards played"),
            "location": gettext_lazy("Where you played (optional)"),
            "notes": gettext_lazy("Notes (optional)"),
        }
        help_texts = {
            "elder_signs_played": gettext_lazy(
                "Elder Sign unique item cards used during the game: −1 point each. Not the "
                "elder sign tokens on the board, and not gates sealed with clues."
            ),
            "elder_sign_tokens": formatted_lazy(
                gettext_noop(
                    "Tokens on the board at the end; sealing the gates needs %(least)s or more."
                ),
                least=rules.SEALED_MIN_TOKENS,
            ),
            "terror_level": formatted_lazy(
                gettext_noop("From 0 to %(most)s; each level costs a point."), most=rules.MAX_TERROR
            ),
            "notes": gettext_lazy("Say what happened, especially for “another loss”."),
        }
        error_messages = {
            "notes": {
                "max_length": gettext_lazy(
                    "Notes hold at most %(limit_value)d characters; these have "
                    "%(show_value)d. Shorten them a little."
                ),
            }
        }
        widgets = {
            "elder_sign_tokens": NumberInput,
            "terror_level": NumberInput(attrs={"max": str(rules.MAX_TERROR)}),
            "elder_signs_played": NumberInput,
            "notes": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, user=None, league=None, historical: bool = False, **kwargs):
        """Offers only ``league``'s scenarios, teams and tasks (an edited game's own
        league's): the open scenarios and the submitter's teams, and those an edited game
        already has. ``historical`` (an import of games already played, by someone allowed
        to add games) offers every one: the file records who played as which team, which
        the importing user need not belong to, and a scenario that has since closed or not
        yet opened is judged by ``Session.scenario_errors`` at the game's own submission
        time rather than dropped from the choices now."""
        super().__init__(*args, **kwargs)
        instance = self.instance
        league = instance.league if instance.league_id else league
        scenarios, teams = Scenario.objects.of_league(league), Team.objects.of_league(league)
        if not historical:
            player = getattr(user, "player", None) if user and user.is_authenticated else None
            scenarios, teams = scenarios.open_now(), teams.of_player(player)
            if instance.scenario_id:
                scenarios = scenarios | Scenario.objects.filter(pk=instance.scenario_id)
            if instance.team_id:
                teams = teams | Team.objects.filter(pk=instance.team_id)
            scenarios = scenarios.prefetch_related(
                "ancient_ones", "boxes_required", "boxes_allowed"
            )
            teams = teams.distinct()
        self.fields["scenario"].queryset = scenarios
        self.fields["team"].queryset = teams
        self.fields["tasks_done"].queryset = ScenarioTask.objects.filter(
            scenario__in=scenarios.values("pk")
        ).select_related("scenario")
        if self.instance.pk:
            self.fields["version"].initial = self.instance.version
        else:
            # The terror track starts at 0, like every other count on the form.
            self.fields["terror_level"].initial = 0

    def clean(self):
        cleaned = super().clean()
        for field, problem in game_form_rules(cleaned):
            self.add_error(field, problem)
        return cleaned


def game_form_rules(cleaned: dict) -> list[tuple[str, str]]:
    """The result form's own rules on the game's cleaned values, as (field, message);
    a stale defeat cause is dropped from ``cleaned``. The form and the import's judge
    (``games.forms.judge``) both run it."""
    found: list[tuple[str, str]] = []
    if cleaned.get("outcome") != rules.DEFEAT:
        # The cause only belongs to a defeat; a stale choice is dropped, not an error.
        cleaned["defeat_cause"] = ""
    elif cleaned.get("defeat_cause") == rules.OTHER and not cleaned.get("notes"):
        found.append(("notes", _("Say in the notes how the investigators lost.")))
    boxes = cleaned.get("boxes")
    if boxes is not None:
        box_ids = {box.pk for box in boxes}
        for name in ("ancient_one", "herald", "guardian"):
            problem = box_problem(cleaned.get(name), box_ids)
            if problem:
                found.append((name, problem))
    return found
