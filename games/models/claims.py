"""Claims: an account asks to be a league player who already has a record."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

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

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="claims", verbose_name=_("player")
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_claim",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = PlayerClaimQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")

    def __str__(self) -> str:
        return gettext("%(user)s claims %(player)s") % {"user": self.user, "player": self.player}
