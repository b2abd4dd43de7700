"""Writes of teams: create one, add, invite and remove members. Each in one transaction.

A captain adds members by name. A new name becomes an unclaimed player who joins at once;
so does an existing player nobody has claimed, and the captain's own. A player someone
else has claimed (their account's name in the league) is invited instead and joins only
on accepting. Whether a name is held by a private player (no approved game) is never
told apart from a new name: ``MemberAddition.announced`` says what the captain may hear.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.models import Player, Team, TeamInvitation
from games.names import normalise_name
from games.players import player_get_or_create


def team_create(*, name: str, captain) -> Team:
    """A new team captained by ``captain``; their league player joins it."""
    team = Team(name=normalise_name(name), captain=captain)
    team.full_clean(exclude=["slug", "name_key"])
    try:
        with transaction.atomic():
            team.save()
            player = getattr(captain, "player", None)
            if player is not None:
                team.members.add(player)
    except IntegrityError as error:  # a same-named team saved a moment earlier
        raise ValidationError({"name": "There is already a team with this name."}) from error
    return team


@dataclass(frozen=True)
class MemberAddition:
    """What adding a name did: the player joined, or was invited (``invited``)."""

    player: Player
    invited: bool
    public: bool

    @property
    def announced(self) -> str:
        """``"invited"`` or ``"joined"``, as the captain may be told: a private player's
        invitation is announced as a new name's joining would be."""
        return "invited" if self.invited and self.public else "joined"


def team_member_add(*, team: Team, player_name: str, by) -> MemberAddition:
    """Add the player with this name (any case), creating a new one for a new name; a
    player claimed by another account than ``by`` is invited instead."""
    name = normalise_name(player_name)
    if not name:
        raise ValidationError({"player_name": "Give the player's name."})
    with transaction.atomic():
        player, created = player_get_or_create(name)
        public = not created and Player.objects.listed().filter(pk=player.pk).exists()
        invited = player.user_id is not None and player.user_id != by.pk
        if team.members.filter(pk=player.pk).exists() or (
            invited and not public and team.invitations.filter(player=player).exists()
        ):
            raise ValidationError({"player_name": f"{player} is already in {team}."})
        if invited:
            _, new = TeamInvitation.objects.get_or_create(
                team=team, player=player, defaults={"invited_by": by}
            )
            if not new:
                raise ValidationError({"player_name": f"{player} is already invited."})
        else:
            team.members.add(player)
    return MemberAddition(player=player, invited=invited, public=public)


def team_member_remove(*, team: Team, player: Player) -> None:
    """Take ``player`` off the team, or withdraw their invitation."""
    with transaction.atomic():
        team.members.remove(player)
        TeamInvitation.objects.filter(team=team, player=player).delete()


def team_invitation_answer(*, invitation_id: int, user, accept: bool) -> TeamInvitation:
    """``user`` accepts (joins the team) or declines an invitation to their player.

    Raises ``TeamInvitation.DoesNotExist`` for an invitation that is not theirs or was
    answered or withdrawn meanwhile.
    """
    with transaction.atomic():
        invitation = (
            TeamInvitation.objects.for_user(user)
            .select_for_update(of=("self",))
            .select_related("team", "player")
            .get(pk=invitation_id)
        )
        if accept:
            invitation.team.members.add(invitation.player)
        invitation.delete()
    return invitation
