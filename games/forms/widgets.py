"""Widgets that carry the data the result form's small script needs. The browser limits
the choices with it; the server checks everything again."""

from django import forms

from games.models.choices import OUTCOME_HELP


def _ids(items) -> str:
    return " ".join(str(item.pk) for item in items)


class RowDataOptions:
    """Options that carry ``data-`` attributes of the row each offers (``row_data``)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        row = getattr(value, "instance", None)
        if row is not None:
            option["attrs"].update(self.row_data(row))
        return option


class BoxFilteredSelect(RowDataOptions, forms.Select):
    """A select whose options name the box they come from: the browser hides options from
    boxes that are not ticked."""

    def row_data(self, item) -> dict[str, str]:
        return {"data-box": str(item.box_id)}


class AncientOneSelect(BoxFilteredSelect):
    """The Ancient Ones, each also with its rules name and printed doom track: the offline
    preview scores from these, as the label is in the reader's language."""

    def row_data(self, ancient_one) -> dict[str, str]:
        return {
            **super().row_data(ancient_one),
            "data-rules-name": ancient_one.name,
            "data-doom-track": str(ancient_one.doom_track),
        }


class BoxCheckboxes(RowDataOptions, forms.CheckboxSelectMultiple):
    """The boxes, each with the English name the rules know it by: the label is the box's
    printed name in the reader's language."""

    def row_data(self, box) -> dict[str, str]:
        return {"data-rules-name": box.name_en}


class ScenarioSelect(RowDataOptions, forms.Select):
    """Scenario options naming what each allows (Ancient Ones, herald, boxes, table size)."""

    def row_data(self, scenario) -> dict[str, str]:
        return {
            "data-ancient-ones": _ids(scenario.ancient_ones.all()),
            "data-herald": str(scenario.herald_id or ""),
            "data-boxes-required": _ids(scenario.boxes_required.all()),
            "data-boxes-allowed": _ids(scenario.boxes_allowed.all()),
            "data-investigators": f"{scenario.investigators_min}-{scenario.investigators_max}",
        }


class TaskCheckboxes(RowDataOptions, forms.CheckboxSelectMultiple):
    """Every offered scenario's tasks; each checkbox names its scenario, for grouping."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        task = getattr(value, "instance", None)
        if task is not None:
            option["scenario"] = task.scenario_id
            option["scenario_name"] = task.scenario.name
            option["condition"] = task.condition_words
        return option

    def row_data(self, task) -> dict[str, str]:
        return {"data-scenario": str(task.scenario_id)}


class OutcomeRadioSelect(forms.RadioSelect):
    """The four outcomes, each with one line of the rule it stands for (``radio.data.help``)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["help"] = OUTCOME_HELP.get(value, "")
        return option


class NumberInput(forms.NumberInput):
    """A whole-number box that brings up the phone's number pad."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "numeric", "min": "0", **(attrs or {})})
