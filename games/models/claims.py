"""Claims: an account asks to be a league player who already has a record."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .players import Player


class PlayerClaimQuerySet(models.QuerySet):
    def about(self, user):
        """Claims ``user`` may see on their account page: their own, and those on their player."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(models.Q(user=user) | models.Q(player__user=user))


class PlayerClaim(models.Model):
    """An account says "that is me" of a player with approved games (or another account).

    Nothing changes until a moderator approves (the account then plays as the player) or
    refuses, or the player's own account refuses. A decided claim is deleted. The account
    may wait for one claim at a time (``user`` is unique).
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claim"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerClaimQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user} claims {self.player}"
