"""The Organise area's scenario editor: a scenario with its tasks, and a series. The league
is the page's, never a field, so the form checks the per-league constraints first (they
stay the guard)."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxLengthValidator
from django.forms.models import BaseInlineFormSet, inlineformset_factory
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, ngettext_lazy, pgettext_lazy
from django_scopes.forms import SafeModelChoiceField

from games.forms.scenarios import SCENARIO_FIELDS, ScenarioTermsMixin
from games.models import Scenario, ScenarioTask, Series
from games.models.scenarios import (
    SCENARIO_NAME_TAKEN,
    SCENARIO_SLUG_TAKEN,
    SERIES_NAME_TAKEN,
    SERIES_SLUG_TAKEN,
)

TEXT_MAX_LENGTH = 4000  # a briefing or a description: a few paragraphs
MOST_TASKS = 12
MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
SLUG_HELP = gettext_lazy(
    "Lowercase letters, digits and hyphens, in its links. Empty: made from the name."
)


class NamedInLeagueForm(forms.ModelForm):
    """An empty address is made from the name."""

    name_taken = slug_taken = ""

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.league = league
        self.fields["slug"].required = False
        self.fields["slug"].label = pgettext_lazy("web address", "Address")
        self.fields["slug"].help_text = SLUG_HELP

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("name") and "slug" not in self.errors and not cleaned.get("slug"):
            length = self.fields["slug"].max_length
            cleaned["slug"] = slugify(cleaned["name"])[:length].strip("-")
            if not cleaned["slug"]:
                self.add_error("slug", gettext("The name has no letter or digit: type one here."))
        others = type(self.instance).objects.filter(league=self.instance.league)
        others = others.exclude(pk=self.instance.pk)
        for field, taken in (("name", self.name_taken), ("slug", self.slug_taken)):
            if cleaned.get(field) and others.filter(**{field: cleaned[field]}).exists():
                self.add_error(field, str(taken))
        return cleaned


def bounded_text(form: forms.Form, name: str) -> None:
    # The model's TextField has no length.
    field = form.fields[name]
    field.validators.append(MaxLengthValidator(TEXT_MAX_LENGTH))
    field.widget.attrs.update({"rows": 5, "maxlength": TEXT_MAX_LENGTH})


class ScenarioForm(ScenarioTermsMixin, NamedInLeagueForm):
    name_taken, slug_taken = SCENARIO_NAME_TAKEN, SCENARIO_SLUG_TAKEN

    class Meta:
        model = Scenario
        fields = SCENARIO_FIELDS
        widgets = {
            "ancient_ones": forms.CheckboxSelectMultiple,
            "boxes_required": forms.CheckboxSelectMultiple,
            "boxes_allowed": forms.CheckboxSelectMultiple,
            "opens_at": MOMENT,
            "closes_at": MOMENT,
        }
        # No choices when the class is made (in no league's scope): the form's league's.
        field_classes = {"series": SafeModelChoiceField}

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, league=league, **kwargs)
        self.fields["series"].queryset = Series.objects.of_league(league).order_by("name")
        self.fields["ancient_ones"].queryset = self.fields["ancient_ones"].queryset.select_related(
            "box"
        )
        self.fields["herald"].queryset = self.fields["herald"].queryset.select_related("box")
        bounded_text(self, "briefing")


class TaskFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_many_forms": ngettext_lazy(
            "A scenario has at most %(num)d task.", "A scenario has at most %(num)d tasks.", "num"
        ),
    }

    def clean(self):
        super().clean()
        # A game's scenario score counts its tasks: removing one it claimed would change
        # the score of a game already judged.
        removed = [form.instance.pk for form in self.deleted_forms if form.instance.pk]
        claimed = ScenarioTask.objects.filter(pk__in=removed, sessions__isnull=False)
        text = claimed.values_list("text", flat=True).first() if removed else None
        if text is not None:
            message = gettext("Games claimed the task “%(task)s”: it cannot be removed.")
            raise forms.ValidationError(message % {"task": text})


ScenarioTaskFormSet = inlineformset_factory(
    Scenario,
    ScenarioTask,
    formset=TaskFormSet,
    fields=["order", "text", "condition", "condition_number"],
    extra=3,
    max_num=MOST_TASKS,
    absolute_max=MOST_TASKS,
    validate_max=True,
)


class SeriesForm(NamedInLeagueForm):
    name_taken, slug_taken = SERIES_NAME_TAKEN, SERIES_SLUG_TAKEN

    class Meta:
        model = Series
        fields = ["name", "slug", "description"]

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, league=league, **kwargs)
        bounded_text(self, "description")
