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


class AncientOneSelect(BoxFilteredSelect):
    """The Ancient Ones, each also with its rules name and printed doom track
    (``data-rules-name``, ``data-doom-track``): the offline preview scores from these, as
    the label is in the reader's language."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        instance = getattr(value, "instance", None)
        if instance is not None:
            option["attrs"]["data-rules-name"] = instance.name
            option["attrs"]["data-doom-track"] = str(instance.doom_track)
        return option


class BoxCheckboxes(forms.CheckboxSelectMultiple):
    """The boxes, each with the English name the rules know it by (``data-rules-name``):
    the label is the box's printed name in the reader's language."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        instance = getattr(value, "instance", None)
        if instance is not None:
            option["attrs"]["data-rules-name"] = instance.name_en
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
