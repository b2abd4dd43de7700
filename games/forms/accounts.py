"""Signing up: a new account, linked to the league player it plays as."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction

from games.models import Player
from games.players import PlayerTaken, player_claim, player_get_or_create

from .names import PlayerNameField

TAKEN_MESSAGE = (
    "Someone else just took “{name}”: no account was created. Check the name and try again."
)


class SignupForm(UserCreationForm):
    """A user account plus the league player it is: a new one, or an unclaimed one by name."""

    email = forms.EmailField(
        label="E-mail", help_text="Only used to reset your password.", required=True
    )
    player_name = PlayerNameField(
        label="Your name in the league",
        help_text="Shown on results and leaderboards.",
    )
    claim_player = forms.BooleanField(
        required=False,
        label="That is me: link my account to this existing player",
    )

    # The unclaimed player with the typed name, found while cleaning ``player_name``.
    existing_player: Player | None = None

    class Meta(UserCreationForm.Meta):
        fields = ["username", "email"]

    def clean_player_name(self) -> str:
        name = self.cleaned_data["player_name"]
        existing = Player.objects.named(name).first()
        if existing is None:
            return name
        if existing.user_id is not None:
            raise forms.ValidationError(
                f"“{existing.name}” already belongs to another account; choose another name."
            )
        self.existing_player = existing
        return name

    def clean(self):
        cleaned = super().clean()
        if self.existing_player is not None and not cleaned.get("claim_player"):
            games = self.existing_player.seats.values("session").distinct().count()
            self.add_error(
                "claim_player",
                f"The league already has a player called “{self.existing_player.name}” "
                f"({games} game{'s' if games != 1 else ''}, no account yet). Tick the box "
                "if that is you, or choose another name.",
            )
        return cleaned

    def save(self, commit: bool = True):
        """Create the account and link its player, all or nothing.

        A race lost to another signup (same username, same new name, or the same
        unclaimed player) adds an error to the form and returns ``None``; nothing of
        this account is left behind.
        """
        name = self.cleaned_data["player_name"]
        try:
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        user = super().save(commit=True)
                except IntegrityError:
                    self.add_error("username", "That username was just taken; choose another.")
                    return None
                player = self.existing_player
                if player is None:
                    player, created = player_get_or_create(name)
                    if not created:
                        # Someone named this player while the form was filled in: the
                        # person signing up has not said it is them.
                        raise PlayerTaken(player.name)
                player_claim(player, user)
        except PlayerTaken as taken:
            self.add_error("player_name", TAKEN_MESSAGE.format(name=taken))
            return None
        return user
