"""Forms of the team pages: a new team, and a member to add by name."""

from django import forms
from django.utils.translation import gettext_lazy

from games.models import Player


class TeamForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Team name"),
        max_length=80,
        help_text=gettext_lazy("Unique in the league, whatever the case."),
    )


class MemberAddForm(forms.Form):
    player_name = forms.CharField(
        label=gettext_lazy("Player"),
        max_length=80,
        help_text=gettext_lazy(
            "A league player with an approved game, or yourself. A player with an account, "
            "or in another team, is invited and joins once they accept."
        ),
        widget=forms.TextInput(attrs={"list": "player-names", "autocomplete": "off"}),
    )


class MemberRemoveForm(forms.Form):
    """Confirms a removal; the captain leaving names the next captain (its choices are
    the members with an account, set by the view)."""

    new_captain = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("The next captain"),
        empty_label=None,
    )
