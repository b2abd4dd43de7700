"""Forms of the team pages: a new team, and a member to add by name."""

from django import forms


class TeamForm(forms.Form):
    name = forms.CharField(
        label="Team name", max_length=80, help_text="Unique in the league, whatever the case."
    )


class MemberAddForm(forms.Form):
    player_name = forms.CharField(
        label="Player",
        max_length=80,
        help_text="A league player, or a new name. A player with an account is invited "
        "and joins once they accept.",
        widget=forms.TextInput(attrs={"list": "player-names", "autocomplete": "off"}),
    )


class MemberRemoveForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
