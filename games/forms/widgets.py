"""Widgets that carry the data the result form's small script needs."""

from django import forms

from games.models.choices import OUTCOME_HELP


class BoxFilteredSelect(forms.Select):
    """A select whose options name the box they come from (``data-box``).

    The browser hides options from boxes that are not ticked; the server checks again.
    """

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        instance = getattr(value, "instance", None)
        if instance is not None:
            option["attrs"]["data-box"] = str(instance.box_id)
        return option


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
