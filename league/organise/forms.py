"""The Organise area's forms: a role to grant, an invitation, a league, a season, the
announcement."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.models import ANNOUNCEMENT_MAX_LENGTH, Announcement, League, Season
from league.ops.query_text import CONTROL
from league.organise.roles import ROLES


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
            "expires_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
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
