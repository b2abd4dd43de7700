"""Signing up: a new account, linked to the league player it plays as; and a later claim."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.claims import claim_or_take
from games.models import Player, PlayerClaim
from games.players import PlayerTaken, player_claim, player_get_or_create

from .names import PlayerNameField

TAKEN_MESSAGE = gettext_lazy(
    "Someone else just took “%(name)s”: no account was created. Check the name and try again."
)
# One wording for every existing name, public or private, with an account or without:
# it echoes what was typed, so it tells neither how a private name is spelt nor its games.
EXISTING_MESSAGE = gettext_lazy(
    "“%(name)s” is already a name in the league. If it is you, tick the box: when that player "
    "has approved games or an account, a moderator checks your claim first. Otherwise choose "
    "another name."
)


class ClaimMixin:
    """``player_name`` plus "That is me": the existing player the name means, if any."""

    # The player with the typed name, found while cleaning ``player_name``.
    existing_player: Player | None = None
    # The claim waiting for a moderator, when saving filed one.
    claim: PlayerClaim | None = None

    def clean_player_name(self) -> str:
        name = self.cleaned_data["player_name"]
        self.existing_player = Player.objects.named(name).first()
        return name

    def clean(self):
        cleaned = super().clean()
        if self.existing_player is not None and not cleaned.get("claim_player"):
            name = cleaned.get("player_name", "")
            self.add_error("claim_player", EXISTING_MESSAGE % {"name": name})
        return cleaned

    def link_player(self, user) -> None:
        """Give ``user`` its player: a new one, the existing one at once, or a claim."""
        player = self.existing_player
        if player is None:
            player, created = player_get_or_create(self.cleaned_data["player_name"])
            if not created:
                # Someone named this player while the form was filled in: the person
                # signing up has not said it is them.
                raise PlayerTaken(self.cleaned_data["player_name"])
            player_claim(player, user)
        else:
            self.claim = claim_or_take(player=player, user=user)


def claim_field() -> forms.BooleanField:
    return forms.BooleanField(
        required=False, label=gettext_lazy("That is me: link my account to this existing player")
    )


class SignupForm(ClaimMixin, UserCreationForm):
    """A user account plus the league player it is: a new one, or an existing one by name
    (at once when it is nobody's record yet, else once a moderator approves)."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail"),
        help_text=gettext_lazy("Only used to reset your password."),
        required=True,
    )
    player_name = PlayerNameField(
        label=gettext_lazy("Your name in the league"),
        help_text=gettext_lazy("Shown on results and leaderboards."),
    )
    claim_player = claim_field()

    class Meta(UserCreationForm.Meta):
        fields = ["username", "email"]

    def save(self, commit: bool = True):
        """Create the account and link its player (or file its claim), all or nothing.

        A race lost to another signup (same username, same new name, or the same
        unclaimed player) adds an error to the form and returns ``None``; nothing of
        this account is left behind.
        """
        try:
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        user = super().save(commit=True)
                except IntegrityError:
                    message = _("That username was just taken; choose another.")
                    self.add_error("username", message)
                    return None
                self.link_player(user)
        except PlayerTaken as taken:
            self.add_error("player_name", TAKEN_MESSAGE % {"name": taken})
            return None
        return user


class ClaimForm(ClaimMixin, forms.Form):
    """An account without a league player names the one it is (or a new one)."""

    player_name = PlayerNameField(label=gettext_lazy("Your name in the league"))
    claim_player = claim_field()

    def save(self, user) -> bool:
        """Link or claim; ``False`` (with the form's error) when someone took the player
        or the account filed another claim meanwhile."""
        try:
            with transaction.atomic():
                self.link_player(user)
        except PlayerTaken as taken:
            message = _("Someone else just took “%(name)s”: nothing changed.")
            self.add_error("player_name", message % {"name": taken})
            return False
        except ValidationError as error:
            self.add_error("player_name", error.messages[0])
            return False
        return True
