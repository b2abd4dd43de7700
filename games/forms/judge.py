"""Judging many results at once (an import) with the result form's own fields and rules.

The result form asks the database about thirty queries a game. ``ResultJudge`` runs the
same cleaning on the same form data, in the same order, with the same field objects and
rule steps, but picks rows from the catalog, teams, scenarios and tasks loaded once per
import; a picked row's existence and the models' check constraints (each also a rule
with a sentence) are not asked per game. ``tests/test_import_parity.py`` holds them equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import Model
from django.forms import ModelChoiceField, ModelMultipleChoiceField

from games.models import (
    AncientOne,
    Box,
    Guardian,
    Herald,
    Investigator,
    Scenario,
    ScenarioTask,
    Seat,
    Session,
    Team,
)

from .results import SessionForm, entered_rule_errors, game_form_rules
from .seats import BaseSeatFormSet, SeatForm, SeatFormSet, table_rules, task_problems

Errors = dict[str, list[str]]


@dataclass
class Verdict:
    """One game judged: its errors where the form shows them, and the unsaved rows."""

    errors: Errors = field(default_factory=dict)  # the game's fields ("__all__": the game)
    seat_errors: list[Errors] = field(default_factory=list)  # each seat row's fields
    table_errors: list[str] = field(default_factory=list)  # the seats as a whole
    cleaned: dict = field(default_factory=dict)
    seat_cleaned: list[dict] = field(default_factory=list)
    session: Session | None = None
    seats: list[Seat] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.errors or any(self.seat_errors) or self.table_errors)


class _Row:
    """One form's worth of cleaning (the game, or a seat): values, errors, the instance."""

    def __init__(self, instance):
        self.cleaned_data: dict = {}
        self.errors: dict[str, list[str]] = {}
        self.instance = instance

    def add_error(self, name: str | None, error) -> None:
        """As ``Form.add_error``: messages under the field (``None``: the form), and the
        field's value is no longer clean."""
        name = name or NON_FIELD_ERRORS
        messages = error.messages if isinstance(error, ValidationError) else [str(error)]
        self.errors.setdefault(name, []).extend(messages)
        self.cleaned_data.pop(name, None)


class _Choices:
    """The rows one choice field offers, loaded once: by pk, and in the form's order."""

    def __init__(self, queryset):
        rows = list(queryset)
        self.by_pk = {str(row.pk): row for row in rows}
        self.order = {row.pk: index for index, row in enumerate(rows)}

    def one(self, form_field: ModelChoiceField, value):
        """``ModelChoiceField.clean`` without the query."""
        if value in form_field.empty_values:
            value = None
        else:
            row = self.by_pk.get(str(value))
            if row is None:
                raise ValidationError(
                    form_field.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": value},
                )
            value = row
        form_field.validate(value)
        form_field.run_validators(value)
        return value

    def many(self, form_field: ModelMultipleChoiceField, value) -> list:
        """``ModelMultipleChoiceField.clean`` without the queries."""
        value = form_field.prepare_value(value)
        if not value:
            if form_field.required:
                raise ValidationError(form_field.error_messages["required"], code="required")
            return []
        if not isinstance(value, (list, tuple)):
            raise ValidationError(form_field.error_messages["invalid_list"], code="invalid_list")
        for pk in value:
            try:
                int(pk)
            except (TypeError, ValueError):
                raise ValidationError(
                    form_field.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                ) from None
        rows = {}
        for pk in value:
            row = self.by_pk.get(str(int(pk)))
            if row is None:
                raise ValidationError(
                    form_field.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": pk},
                )
            rows[row.pk] = row
        form_field.run_validators(value)
        return sorted(rows.values(), key=lambda row: self.order[row.pk])


class ResultJudge:
    """The result form's cleaning for many games, with its choices loaded once.

    As an import's form offers them (``SessionForm(historical=True)``): every
    Ancient One, box, herald, guardian and investigator, and every team, scenario and task
    of ``league``, which the judged games belong to.
    """

    def __init__(self, league):
        self.league = league

        def boxed(model):
            return _Choices(model.objects.select_related("box"))

        self.game_choices = {
            "ancient_one": boxed(AncientOne),
            "boxes": _Choices(Box.objects.all()),
            "herald": boxed(Herald),
            "guardian": boxed(Guardian),
            "scenario": _Choices(
                Scenario.objects.filter(league=league)
                .select_related("herald")
                .prefetch_related("ancient_ones", "boxes_required", "boxes_allowed")
            ),
            "team": _Choices(Team.objects.filter(league=league)),
            "tasks_done": _Choices(
                ScenarioTask.objects.filter(scenario__league=league).select_related("scenario")
            ),
        }
        self.seat_choices = {"investigator": boxed(Investigator)}
        self._terms: dict[int, object] = {}

    # -- one game ------------------------------------------------------------------------

    def judge(self, data: dict, *, submitted_at, prefix: str = "seats") -> Verdict:
        """Judge the form data of one game (as ``ResultSubmission`` would receive it),
        judged as submitted at ``submitted_at``; seat rows are ``{prefix}-N-field``."""
        game = _Row(Session(created_at=submitted_at, league=self.league))
        self._clean(game, SessionForm, self.game_choices, data, "")
        for name, problem in game_form_rules(game.cleaned_data):
            game.add_error(name, problem)
        self._model_clean(game, SessionForm)
        for name, problem in entered_rule_errors(game.instance, game.cleaned_data, game.errors):
            game.add_error(name if name in SessionForm.base_fields else None, problem)

        count = int(data.get(f"{prefix}-TOTAL_FORMS") or 0)
        messages = BaseSeatFormSet.default_error_messages
        table: list[str] = []
        if count > SeatFormSet.absolute_max:
            table.append(messages["too_many_forms"])
            count = SeatFormSet.absolute_max
        seats = []
        for index in range(count):
            seat = _Row(Seat())
            self._clean(seat, SeatForm, self.seat_choices, data, f"{prefix}-{index}-")
            self._model_clean(seat, SeatForm)
            seats.append(seat)
        if not seats:
            table.append(messages["too_few_forms"])

        boxes = game.cleaned_data.get("boxes")
        scenario = game.cleaned_data.get("scenario")
        outcome_errors, problems = table_rules(
            seats,
            [seat for seat in seats if seat.cleaned_data],
            box_ids={box.pk for box in boxes} if boxes is not None else None,
            session=game.instance,
            scenario_terms=self._scenario_terms(scenario) if scenario else None,
        )
        table += problems
        for message in outcome_errors:
            game.add_error("outcome", message)
        verdict = Verdict(
            errors=game.errors,
            seat_errors=[seat.errors for seat in seats],
            table_errors=table,
            cleaned=game.cleaned_data,
            seat_cleaned=[seat.cleaned_data for seat in seats],
            session=game.instance,
            seats=[seat.instance for seat in seats],
        )
        if verdict.ok:
            tasks = game.cleaned_data.get("tasks_done") or []
            for problem in task_problems(game.instance, tasks, verdict.seats):
                game.add_error("tasks_done", problem)
            verdict.errors = game.errors
        return verdict

    def _scenario_terms(self, scenario: Scenario):
        if scenario.pk not in self._terms:
            self._terms[scenario.pk] = scenario.terms()
        return self._terms[scenario.pk]

    # -- the form's steps ------------------------------------------------------------------

    def _clean(self, row: _Row, form_class, choices: dict, data: dict, prefix: str) -> None:
        """``Form._clean_fields``: each field's value from the data, cleaned by the field."""
        for name, form_field in form_class.base_fields.items():
            value = form_field.widget.value_from_datadict(data, None, prefix + name)
            try:
                picked = choices.get(name)
                if picked is None:
                    row.cleaned_data[name] = form_field.clean(value)
                elif isinstance(form_field, ModelMultipleChoiceField):
                    row.cleaned_data[name] = picked.many(form_field, value)
                else:
                    row.cleaned_data[name] = picked.one(form_field, value)
            except ValidationError as error:
                row.add_error(name, error)

    def _model_clean(self, row: _Row, form_class) -> None:
        """``ModelForm._post_clean``: the values onto the instance, then the model's field
        checks (on the fields the form holds and found clean) and its ``clean()``."""
        instance, fields = row.instance, form_class.base_fields
        cleaned_data, checked = row.cleaned_data, []
        for model_field in instance._meta.fields:
            name = model_field.name
            if name not in form_class._meta.fields or name in row.errors:
                continue
            value = cleaned_data.get(name)
            if name in cleaned_data:
                model_field.save_form_data(instance, value)
            # A picked row is never empty (and comparing it with each empty value is slow).
            empty = value is None or (
                not isinstance(value, Model) and value in fields[name].empty_values
            )
            if empty and not model_field.blank and not fields[name].required:
                continue
            if not model_field.is_relation:  # a picked row exists: it was loaded
                checked.append(model_field)
        errors: dict = {}
        for model_field in checked:
            raw = getattr(instance, model_field.attname)
            if model_field.blank and raw in model_field.empty_values:
                continue
            try:
                cleaned = model_field.clean(raw, instance)
                setattr(instance, model_field.attname, cleaned)
            except ValidationError as error:
                errors[model_field.name] = error.error_list
        try:
            instance.clean()
        except ValidationError as error:
            errors = error.update_error_dict(errors)
        for name, error_list in errors.items():
            known = fields[name].error_messages if name in fields else {}
            for error in error_list:
                if isinstance(error, ValidationError) and error.code in known:
                    error.message = known[error.code]
                row.add_error(name if name in fields else None, error)
