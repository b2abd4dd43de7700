"""The result form: the game itself (``SessionForm``) and its seats (``SeatFormSet``)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import DELETION_FIELD_NAME, ManagementForm
from django.utils import timezone
from django.utils.functional import cached_property

from games import rules, scenario_rules, validation
from games.models import (
    AncientOne,
    Box,
    DefeatCause,
    Guardian,
    Herald,
    Investigator,
    Outcome,
    Seat,
    Session,
)

from .names import NewPlayerField, PlayerNameField
from .scenarios import LeaguePlayFields
from .widgets import BoxFilteredSelect, NumberInput, OutcomeRadioSelect


def base_boxes() -> list[Box]:
    """Every game is played with the base game in play."""
    return list(Box.objects.filter(kind=Box.Kind.BASE))


class AncientOneField(forms.ModelChoiceField):
    """Ancient Ones named with their printed doom track, where every victory score starts."""

    def label_from_instance(self, obj: AncientOne) -> str:
        return f"{obj.name} (doom track {obj.doom_track})"


def box_problem(item, box_ids: set[int]) -> str | None:
    """Why ``item`` (an Ancient One, herald, guardian or investigator) cannot be in play."""
    if item is None or item.box_id in box_ids:
        return None
    return f"{item.name} comes with {item.box.name}: tick that box under “Boxes in play”."


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
        label="Ancient One",
        widget=BoxFilteredSelect,
        help_text="Its printed doom track starts the victory score.",
    )
    played_on = forms.DateField(
        label="Date played",
        initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text="The day the game ended.",
    )
    boxes = forms.ModelMultipleChoiceField(
        queryset=Box.objects.all(),
        label="Boxes in play",
        initial=base_boxes,
        widget=forms.CheckboxSelectMultiple,
        help_text="Investigators, heralds and guardians must come from a box in play.",
    )
    herald = forms.ModelChoiceField(
        queryset=Herald.objects.all(),
        required=False,
        label="Herald (optional)",
        widget=BoxFilteredSelect,
    )
    guardian = forms.ModelChoiceField(
        queryset=Guardian.objects.all(),
        required=False,
        label="Kingsport guardian (optional)",
        widget=BoxFilteredSelect,
    )
    outcome = forms.ChoiceField(
        choices=Outcome.choices, label="How did the game end?", widget=OutcomeRadioSelect
    )
    defeat_cause = forms.ChoiceField(
        choices=[("", "Choose the cause…"), *DefeatCause.choices],
        required=False,
        label="How were the investigators defeated?",
    )
    confirm_duplicate = forms.BooleanField(
        required=False,
        label="Yes, this is a different game: save it anyway",
    )
    # The version of the game this edit started from (see games.recording).
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    # The phone's id of a new game (static/js/offline-queue.js): sent twice, stored once.
    client_id = forms.UUIDField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Session
        fields = Session.RESULT_FIELDS
        labels = {
            "elder_sign_tokens": "Elder sign tokens on the board",
            "terror_level": "Terror level at the end",
            "elder_signs_played": "Elder Sign cards played",
            "location": "Where you played (optional)",
            "notes": "Notes (optional)",
        }
        help_texts = {
            "elder_signs_played": "Elder Sign unique item cards used during the game: −1 point "
            "each. Not the elder sign tokens on the board, and not gates sealed with clues.",
            "elder_sign_tokens": "Tokens on the board at the end; sealing the gates needs "
            f"{rules.SEALED_MIN_TOKENS} or more.",
            "terror_level": f"From 0 to {rules.MAX_TERROR}; each level costs a point.",
            "notes": "Say what happened, especially for “another loss”.",
        }
        error_messages = {
            "notes": {
                "max_length": "Notes hold at most %(limit_value)d characters; "
                "these have %(show_value)d. Shorten them a little.",
            }
        }
        widgets = {
            "elder_sign_tokens": NumberInput,
            "terror_level": NumberInput(attrs={"max": str(rules.MAX_TERROR)}),
            "elder_signs_played": NumberInput,
            "notes": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, user=None, historical: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.offer(user=user, instance=self.instance, historical=historical)
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
        found.append(("notes", "Say in the notes how the investigators lost."))
    boxes = cleaned.get("boxes")
    if boxes is not None:
        box_ids = {box.pk for box in boxes}
        for name in ("ancient_one", "herald", "guardian"):
            problem = box_problem(cleaned.get(name), box_ids)
            if problem:
                found.append((name, problem))
    return found


class SeatForm(forms.ModelForm):
    """One seat: the player (existing or new), the investigator and how the seat ended."""

    player_name = PlayerNameField(
        label="Player",
        help_text="Pick a league player or type a new name.",
        widget=forms.TextInput(
            attrs={"list": "player-names", "autocomplete": "off", "data-player-search": ""}
        ),
    )
    # Ticked for a name nobody in the league has yet: the result form asks for it (see
    # ``ResultSubmission``), so a mistyped "Ben Carterr" is not a new player unawares.
    new_player = NewPlayerField()
    investigator = forms.ModelChoiceField(
        queryset=Investigator.objects.all(),
        label="Investigator",
        widget=BoxFilteredSelect,
        help_text="The one who ended the game in this seat.",
    )
    # Set by ``ResultSubmission`` when the seat's name is new: a ``names.NewName``.
    new_name = None

    class Meta:
        model = Seat
        fields = Seat.RESULT_FIELDS
        labels = {
            "ended": "How the seat ended",
            "replaced": "Investigators lost and replaced",
            "gate_trophies": "Unspent gate trophies",
            "monster_trophies": "Unspent monster trophies",
            "unpaid_loans": "Unpaid Bank Loans",
        }
        help_texts = {
            "ended": "Sane, or lost in time and space when the gates were closed or sealed: "
            "+1 point. When the Ancient One awoke, the lost were devoured.",
            "replaced": "Earlier investigators of this seat who were devoured or retired.",
            "gate_trophies": "Held at the end: +1 point each.",
            "monster_trophies": "Held at the end: +1 point per 3 across the team.",
            "unpaid_loans": "Unpaid or defaulted at the end: at most one per investigator.",
        }
        widgets = {
            "replaced": NumberInput,
            "gate_trophies": NumberInput,
            "monster_trophies": NumberInput,
            "unpaid_loans": NumberInput,
        }

    field_order = ["player_name", "new_player", "investigator"]

    def clean(self):
        cleaned = super().clean()
        for field, problem in seat_form_rules(cleaned):
            self.add_error(field, problem)
        return cleaned


def seat_form_rules(cleaned: dict) -> list[tuple[str, str]]:
    """A seat row's own rules on its cleaned values, as (field, message)."""
    loans, replaced = cleaned.get("unpaid_loans"), cleaned.get("replaced")
    if loans is not None and replaced is not None:
        allowed = rules.max_unpaid_loans(1 + replaced)
        if loans > allowed:
            return [
                (
                    "unpaid_loans",
                    f"This seat had {allowed} investigator{'s' if allowed != 1 else ''}, "
                    f"so at most {allowed} unpaid loan{'s' if allowed != 1 else ''}.",
                )
            ]
    return []


class SeatManagementForm(ManagementForm):
    """The row counts the page sends back: whole numbers, never negative."""

    TOTAL_FORMS = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    INITIAL_FORMS = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class BaseSeatFormSet(forms.BaseFormSet):
    """The table: each investigator once, from a box in play, each seat's ending fitting
    the outcome, and the table-wide rules.

    Before validating, the caller sets ``box_ids`` (the boxes in play, or ``None`` when
    unknown), ``session`` (the game as entered so far) and ``scenario_terms`` (the chosen
    scenario's, for its table size).
    """

    default_error_messages = {
        "too_few_forms": "Record at least one seat.",
        "too_many_forms": f"A game has at most {rules.MAX_INVESTIGATORS} investigators: "
        f"record at most {rules.MAX_INVESTIGATORS} seats.",
        "missing_management_form": "The seat rows could not be read (the page was changed "
        "or is out of date): reload the page and enter the seats again.",
    }
    box_ids: set[int] | None = None
    session: Session | None = None
    scenario_terms: scenario_rules.ScenarioTerms | None = None
    outcome_errors: list[str] = []

    @cached_property
    def management_form(self):
        """Django's management form, but refusing negative row counts as tampering."""
        if not self.is_bound:
            return super().management_form
        form = SeatManagementForm(
            self.data, auto_id=self.auto_id, prefix=self.prefix, renderer=self.renderer
        )
        form.full_clean()
        return form

    def live_forms(self) -> list[SeatForm]:
        """The seats actually filled in: not blank spare rows, not removed."""
        return [
            form
            for form in self.forms
            if form.is_bound and getattr(form, "cleaned_data", None) and not self.removed(form)
        ]

    def removed(self, form: SeatForm) -> bool:
        """Whether the seat's remove box was ticked (the formset's ``DELETE`` field)."""
        cleaned = getattr(form, "cleaned_data", None) or {}
        return self.can_delete and bool(cleaned.get(DELETION_FIELD_NAME))

    def clean(self):
        self.outcome_errors, problems = table_rules(
            self.forms,
            self.live_forms(),
            box_ids=self.box_ids,
            session=self.session or Session(),
            scenario_terms=self.scenario_terms,
        )
        if problems:
            raise ValidationError(problems)


def table_rules(
    rows, live, *, box_ids, session: Session, scenario_terms
) -> tuple[list[str], list[str]]:
    """The seats' rules as a table: each investigator once and from a box in play, each
    seat's ending fitting the outcome (errors added to the rows, which are seat forms or
    the import judge's rows), then the whole table's. Returns (the outcome's errors, the
    table's); the table is judged only when no row has an error."""
    seen: dict[int, int] = {}
    for number, form in enumerate(rows, start=1):
        if form not in live:
            continue
        investigator = form.cleaned_data.get("investigator")
        if investigator is None:
            continue
        problem = box_problem(investigator, box_ids) if box_ids is not None else None
        if problem:
            form.add_error("investigator", problem)
        elif investigator.pk in seen:
            form.add_error(
                "investigator",
                f"{investigator.name} already plays in seat {seen[investigator.pk]}: "
                "each investigator plays once per game.",
            )
        else:
            seen[investigator.pk] = number
    game = session.as_game_result()
    for form in live:  # say, a seat lost in time and space when the Ancient One awoke
        for field, problems in validation.seat_errors(game, form.instance.ended).items():
            for problem in problems:
                form.add_error(field, problem)
    if any(form.errors for form in rows):
        return [], []
    seats = [form.instance for form in live]
    totals = rules.team_totals([seat.as_result(session.outcome) for seat in seats])
    errors = session.table_errors(totals)
    problems = errors.get("__all__", [])
    if scenario_terms is not None:
        problems += scenario_rules.investigator_problems(scenario_terms, totals.investigators)
    return errors.get("outcome", []), problems


SeatFormSet = forms.formset_factory(
    SeatForm,
    formset=BaseSeatFormSet,
    extra=rules.MAX_INVESTIGATORS,
    min_num=rules.MIN_INVESTIGATORS,
    max_num=rules.MAX_INVESTIGATORS,
    # Django builds up to absolute_max forms from the posted row count (1,008 by default):
    # a hostile seats-TOTAL_FORMS=1000 cost 17 s of server time. Eight is the most a game has.
    absolute_max=rules.MAX_INVESTIGATORS,
    validate_min=True,
    validate_max=True,
    can_delete=True,
)
