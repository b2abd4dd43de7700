"""The result form's seats: one row per investigator (``SeatForm``), and the table as a
whole (``SeatFormSet``) with the rules that need every seat."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import DELETION_FIELD_NAME, ManagementForm
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import rules, scenario_rules, validation
from games.models import Investigator, Seat, Session
from games.rule_messages import formatted_lazy, translated
from games.rule_text import gettext_noop

from .names import NewPlayerField, PlayerNameField
from .widgets import BoxFilteredSelect, NumberInput


def box_problem(item, box_ids: set[int]) -> str | None:
    """Why ``item`` (an Ancient One, herald, guardian or investigator) cannot be in play."""
    if item is None or item.box_id in box_ids:
        return None
    return _("%(item)s comes with %(box)s: tick that box under “Boxes in play”.") % {
        "item": item.name,
        "box": item.box.name,
    }


class SeatForm(forms.ModelForm):
    """One seat: the player (existing or new), the investigator and how the seat ended."""

    player_name = PlayerNameField(
        label=gettext_lazy("Player"),
        help_text=gettext_lazy("Pick a league player or type a new name."),
        widget=forms.TextInput(
            attrs={"list": "player-names", "autocomplete": "off", "data-player-search": ""}
        ),
    )
    # Ticked for a name nobody in the league has yet: the result form asks for it (see
    # ``ResultSubmission``), so a mistyped "Ben Carterr" is not a new player unawares.
    new_player = NewPlayerField()
    investigator = forms.ModelChoiceField(
        queryset=Investigator.objects.all(),
        label=gettext_lazy("Investigator"),
        widget=BoxFilteredSelect,
        help_text=gettext_lazy("The one who ended the game in this seat."),
    )
    # Set by ``ResultSubmission`` when the seat's name is new: a ``names.NewName``.
    new_name = None

    class Meta:
        model = Seat
        fields = Seat.RESULT_FIELDS
        labels = {
            "ended": gettext_lazy("How the seat ended"),
            "replaced": gettext_lazy("Investigators lost and replaced"),
            "gate_trophies": gettext_lazy("Unspent gate trophies"),
            "monster_trophies": gettext_lazy("Unspent monster trophies"),
            "unpaid_loans": gettext_lazy("Unpaid Bank Loans"),
        }
        help_texts = {
            "ended": gettext_lazy(
                "Sane, or lost in time and space when the gates were closed or sealed: +1 "
                "point. When the Ancient One awoke, the lost were devoured."
            ),
            "replaced": gettext_lazy(
                "Earlier investigators of this seat who were devoured or retired."
            ),
            "gate_trophies": gettext_lazy("Held at the end: +1 point each."),
            "monster_trophies": gettext_lazy("Held at the end: +1 point per 3 across the team."),
            "unpaid_loans": gettext_lazy(
                "Unpaid or defaulted at the end: at most one per investigator."
            ),
        }
        widgets = {
            "replaced": NumberInput,
            "gate_trophies": NumberInput,
            "monster_trophies": NumberInput,
            "unpaid_loans": NumberInput,
        }

    field_order = ["player_name", "new_player", "investigator"]


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
        "too_few_forms": gettext_lazy("Record at least one seat."),
        "too_many_forms": formatted_lazy(
            gettext_noop(
                "A game has at most %(most)s investigators: record at most %(most)s seats."
            ),
            most=rules.MAX_INVESTIGATORS,
        ),
        "missing_management_form": gettext_lazy(
            "The seat rows could not be read (the page was changed or is out of date): "
            "reload the page and enter the seats again."
        ),
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
            message = _(
                "%(investigator)s already plays in seat %(seat)s: each investigator plays "
                "once per game."
            )
            form.add_error(
                "investigator",
                message % {"investigator": investigator.name, "seat": seen[investigator.pk]},
            )
        else:
            seen[investigator.pk] = number
    game = session.as_game_result()
    for form in live:  # say, a seat lost in time and space when the Ancient One awoke
        for field, problems in validation.seat_errors(game, form.instance.ended).items():
            for problem in problems:
                form.add_error(field, translated(problem))
    if any(form.errors for form in rows):
        return [], []
    seats = [form.instance for form in live]
    totals = rules.team_totals([seat.as_result(session.outcome) for seat in seats])
    errors = session.table_errors(totals)
    problems = errors.get("__all__", [])
    if scenario_terms is not None:
        found = scenario_rules.investigator_problems(scenario_terms, totals.investigators)
        problems += [translated(problem) for problem in found]
    return errors.get("outcome", []), problems


def task_problems(session: Session, tasks, seats: list[Seat]) -> list[str]:
    """Each ticked task whose condition the result breaks (ruling 11): it needs the whole,
    valid table, so the result form, the admin and the import's judge ask it last."""
    totals = rules.team_totals([seat.as_result(session.outcome) for seat in seats])
    endings = [seat.ended for seat in seats]
    found = session.task_condition_errors(tasks=tasks, totals=totals, endings=endings)
    return found.get("tasks_done", [])


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
