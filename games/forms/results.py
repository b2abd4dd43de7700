"""The result form: the game itself (``SessionForm``); its seats are ``games.forms.seats``."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import rules
from games.models import (
    AncientOne,
    Box,
    DefeatCause,
    Guardian,
    Herald,
    Outcome,
    Session,
)
from games.rule_messages import formatted_lazy
from games.rule_text import gettext_noop

from .scenarios import LeaguePlayFields
from .seats import box_problem
from .widgets import (
    AncientOneSelect,
    BoxCheckboxes,
    BoxFilteredSelect,
    NumberInput,
    OutcomeRadioSelect,
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


class BoxRulesMixin:
    """Checks the rules that need the boxes in play (Act III) on a Session model form.

    The boxes reach the instance only when it is saved, so the model cannot check them.
    """

    def _post_clean(self):
        super()._post_clean()
        for field, problem in box_rule_errors(self.instance, self.cleaned_data, self.errors):
            self.add_error(field, problem)


def box_rule_errors(session: Session, cleaned: dict, errors) -> list[tuple[str, str]]:
    """The Act III rules on the game as entered (``session``, its form's ``cleaned`` values
    and ``errors`` so far): the step the result form and the import's judge both take."""
    boxes = cleaned.get("boxes")
    if boxes is None or "defeat_cause" in errors:
        return []
    found = session.box_errors(b.name_en for b in boxes)  # the rules' (English) names
    return [(field, problem) for field, problems in found.items() for problem in problems]


class SessionForm(BoxRulesMixin, LeaguePlayFields, forms.ModelForm):
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
        super().__init__(*args, **kwargs)
        self.offer(user=user, instance=self.instance, league=league, historical=historical)
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
