"""Signing up: a new account, linked to the league player it plays as."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction

from games.models import Player


class SignupForm(UserCreationForm):
    """A user account plus the league player it is: a new one, or an unclaimed one by name."""

    email = forms.EmailField(
        label="E-mail", help_text="Only used to reset your password.", required=True
    )
    player_name = forms.CharField(
        label="Your name in the league",
        max_length=80,
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
        name = " ".join(self.cleaned_data["player_name"].split())
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
        """Create the account and link its player, in one transaction."""
        with transaction.atomic():
            user = super().save(commit=True)
            player = self.existing_player or Player(name=self.cleaned_data["player_name"])
            player.user = user
            player.save()
        return user
