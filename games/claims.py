"""Writes of claims: an account becomes a league player. Each in one transaction.

A player with no approved game and no account is nobody's record yet: the account that
says "that is me" plays as it at once. Any other player is claimed by request: a
moderator approves it or refuses; the player's own account may refuse it too. Until then
the claiming account has no league player. Approving moves nothing but the link: the
account the player had before (if any) no longer plays as it, every other claim on it is
refused.

Every decision locks the player's row first, then its claims: two moderators approving two
claims on one player at once end with one approved and the other refused.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import notifications
from games.models import Player, PlayerClaim, Team
from games.permissions import moderates_everywhere
from games.players import player_claim
from games.signals import league_changed


def claim_or_take(*, player: Player, user) -> PlayerClaim | None:
    """``user`` says "that is me": linked at once (``None``) when nobody's record is at
    stake (no approved game, no account), else a claim to decide. Raises
    ``games.players.PlayerTaken`` when another account took the player meanwhile, and
    ``ValidationError`` when the account already waits for a claim."""
    if player.user_id is None and not Player.objects.listed().filter(pk=player.pk).exists():
        player_claim(player, user)
        return None
    try:
        with transaction.atomic():
            claim = PlayerClaim.objects.create(player=player, user=user)
    except IntegrityError as error:  # user is unique: one claim at a time
        raise ValidationError(_("Your account already waits for a decision on a claim.")) from error
    notifications.claim_filed(claim)
    return claim


class ClaimGone(Exception):
    """The claim was decided or withdrawn meanwhile, or is not the caller's to answer."""


def claim_decide(*, claim_id: int, approve: bool, by) -> PlayerClaim:
    """Approve or refuse a claim. A moderator may do either (never on their own claim);
    the player's own account may refuse; the claimant may withdraw (a refusal that
    notifies nobody). ``ClaimGone`` for anyone else, checked against the locked rows."""
    with transaction.atomic():
        player_id = PlayerClaim.objects.filter(pk=claim_id).values_list("player", flat=True)
        player = Player.objects.select_for_update().filter(pk__in=player_id).first()
        claim = (
            PlayerClaim.objects.select_for_update()
            .select_related("user")
            .filter(pk=claim_id, player=player)
            .first()
        )
        if player is None or claim is None:
            raise ClaimGone
        claim.player = player
        moderator = moderates_everywhere(by)
        if not moderator and by.pk not in (player.user_id, claim.user_id):
            raise ClaimGone
        if approve:
            if not moderator or by.pk == claim.user_id:  # nobody approves their own claim
                raise ClaimGone
            if Player.objects.filter(user=claim.user).exists():
                raise ValidationError(
                    _("%(user)s already plays as another league player.") % {"user": claim.user}
                )
            if player.user_id is not None:
                # The person who plays as the player captains its teams, whichever account.
                Team.objects.filter(captain_id=player.user_id, members=player).update(
                    captain=claim.user
                )
            Player.objects.filter(pk=player.pk).update(user=claim.user)
            # Bulk updates send no post_save: a team page naming its captain is retired.
            league_changed.send(sender=PlayerClaim)
            for other in player.claims.exclude(pk=claim.pk).select_related("user"):
                notifications.claim_decided(other, approved=False)
            player.claims.exclude(pk=claim.pk).delete()
        if by.pk != claim.user_id:
            notifications.claim_decided(claim, approved=approve)
        claim.delete()
    return claim
