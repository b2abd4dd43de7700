"""The Organise area's forms: a role to grant, an invitation, a league, a season, the
announcement, and the scenario editor's (a scenario with its tasks, a series). The league
is the page's, never a field, so a form checks the per-league constraints first (they stay
the guard)."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxLengthValidator
from django.forms.models import BaseInlineFormSet, inlineformset_factory
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_scopes.forms import SafeModelChoiceField

from games.forms.scenarios import SCENARIO_FIELDS, ScenarioTermsMixin
from games.models import Scenario, ScenarioTask, Series
from games.models.scenarios import (
    SCENARIO_NAME_TAKEN,
    SCENARIO_SLUG_TAKEN,
    SERIES_NAME_TAKEN,
    SERIES_SLUG_TAKEN,
)
from league.models import ANNOUNCEMENT_MAX_LENGTH, Announcement, League, Season
from league.ops.query_text import CONTROL
from league.organise.roles import ROLES

TEXT_MAX_LENGTH = 4000  # a briefing or a description: a few paragraphs
MOST_TASKS = 12
MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
SLUG_HELP = _("Lowercase letters, digits and hyphens, in its links. Empty: made from the name.")


def account_field(help_text) -> forms.CharField:
    return forms.CharField(
        label=_("Account"),
        max_length=150,
        help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class RoleGrantForm(forms.Form):
    username = account_field(_("The username of an existing account, exactly as it signs in."))
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(role.slug, role.title) for role in ROLES.values()],
        help_text=_("A moderator approves and rejects games; an organiser runs this area."),
    )


class InviteForm(forms.Form):
    username = account_field(_("The username of an existing account: it becomes a member at once."))


class LeagueSettingsForm(forms.ModelForm):
    """What an organiser changes of their league: never its address (links keep working)."""

    class Meta:
        model = League
        fields = ["name", "description", "visibility"]
        widgets = {
            "description": forms.Textarea(attrs={"rows": 4, "maxlength": 1000}),
            "visibility": forms.RadioSelect,
        }

    def clean_name(self) -> str:
        name = " ".join(CONTROL.sub("", self.cleaned_data["name"]).split())
        if not name:
            raise forms.ValidationError(gettext("Use at least one letter or digit."))
        return name


class LeagueForm(LeagueSettingsForm):
    """A new league: its address too, chosen once."""

    class Meta(LeagueSettingsForm.Meta):
        fields = ["name", "slug", "description", "visibility"]
        help_texts = {
            "slug": _(
                "Lowercase letters, digits and hyphens, in the league's links; it cannot be "
                "changed later."
            )
        }

    def clean_slug(self) -> str:
        return self.cleaned_data["slug"].lower()


class SeasonForm(forms.ModelForm):
    """A season's name and dates; a new season's address is made from its name (and kept
    when it is renamed, so links to it keep working)."""

    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}),
            "end": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.league = league

    def clean(self):
        cleaned = super().clean()
        # Unique within the league: the database's constraint names the league, which the
        # form does not hold, so the form asks first (and the constraint stays the guard).
        seasons = Season.objects.filter(league=self.instance.league).exclude(pk=self.instance.pk)
        if cleaned.get("name") and seasons.filter(name=cleaned["name"]).exists():
            self.add_error(
                "name", gettext("A season of this league already exists with this name.")
            )
            return cleaned
        if self.instance.pk is None and cleaned.get("name"):
            slug = slugify(cleaned["name"], allow_unicode=True)[:80]
            if not slug:
                self.add_error("name", gettext("Use at least one letter or digit."))
            elif seasons.filter(slug=slug).exists():
                self.add_error(
                    "name", gettext("Another season already has this address: pick another.")
                )
            self.instance.slug = slug
        return cleaned


class AnnouncementForm(forms.ModelForm):
    class Meta:
        model = Announcement
        fields = ["text", "expires_at"]
        labels = {"text": _("Announcement"), "expires_at": _("Shown until")}
        help_texts = {
            "expires_at": _(
                "Optional: the moment it leaves the home page (empty: until you change it)."
            ),
        }
        widgets = {
            "text": forms.Textarea(attrs={"rows": 3, "maxlength": ANNOUNCEMENT_MAX_LENGTH}),
            "expires_at": MOMENT,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["text"].help_text = gettext(
            "Plain text, up to %(most)d characters, shown on the home page. Leave it "
            "empty to show none."
        ) % {"most": ANNOUNCEMENT_MAX_LENGTH}

    def clean_text(self) -> str:
        # One paragraph of plain text: line breaks become spaces, other control
        # characters go.
        text = " ".join(self.cleaned_data["text"].split())
        return CONTROL.sub("", text)

    def clean_expires_at(self):
        moment = self.cleaned_data["expires_at"]
        if moment is not None and moment <= timezone.now():
            raise forms.ValidationError(gettext("Pick a moment still to come."))
        return moment


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
