"""Writes of teams: create one, add, invite and remove members. Each in one transaction.

A captain adds members by name, from the players the public may see (and their own). A
player with another account, or in another team, is invited instead and joins only on
accepting. Any other name, whether private (no approved game) or unknown, is refused in
the same words, echoing what was typed: nothing tells the captain a private name exists.
A team always has a captain who is a member: the captain leaves by naming another member
captain; the last member leaving ends the captaincy.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Player, Team, TeamInvitation
from games.names import normalise_name

NOT_A_PLAYER = gettext_lazy(
    "No league player is called “%(name)s” yet: a player can join a team once they have an "
    "approved game."
)


def team_create(*, name: str, captain, league) -> Team:
    """A new team of ``league`` captained by ``captain``, whose player joins it."""
    player = Player.objects.filter(user=captain).first()
    if player is None:
        raise ValidationError(
            {"name": _("Your account needs a league name before it captains a team.")}
        )
    team = Team(name=normalise_name(name), captain=captain, league=league)
    team.full_clean(exclude=["slug", "name_key"])
    try:
        with transaction.atomic():
            team.save()
            team.members.add(player)
    except IntegrityError as error:  # a same-named team saved a moment earlier
        raise ValidationError({"name": _("There is already a team with this name.")}) from error
    return team


@dataclass(frozen=True)
class MemberAddition:
    """What adding a name did: the player joined, or was invited (``invited``)."""

    player: Player
    invited: bool


def team_member_add(*, team: Team, player_name: str, by) -> MemberAddition:
    """Add the public player (or ``by``'s own) with this name, in any case, or invite it."""
    name = normalise_name(player_name)
    if not name:
        raise ValidationError({"player_name": _("Give the player's name.")})
    with transaction.atomic():
        player = Player.objects.suggested_to(by, "", team.league_id).named(name).first()
        if player is None:
            raise ValidationError({"player_name": NOT_A_PLAYER % {"name": name}})
        if team.members.filter(pk=player.pk).exists():
            raise ValidationError(
                {
                    "player_name": _("%(player)s is already in %(team)s.")
                    % {"player": player, "team": team}
                }
            )
        invited = player.user_id != by.pk and (player.user_id is not None or player.teams.exists())
        if invited:
            _invitation, new = TeamInvitation.objects.get_or_create(
                team=team, player=player, defaults={"invited_by": by}
            )
            if not new:
                raise ValidationError(
                    {"player_name": _("%(player)s is already invited.") % {"player": player}}
                )
        else:
            team.members.add(player)
    return MemberAddition(player=player, invited=invited)


def team_member_remove(*, team: Team, player: Player, new_captain: Player | None = None) -> None:
    """Take ``player`` off the team, or withdraw their invitation; the captain's own
    player names ``new_captain`` (a member with an account) while others remain."""
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team.pk)
        if player.user_id is not None and player.user_id == team.captain_id:
            team.captain_id = _next_captain(team, player, new_captain)
            team.save(update_fields=["captain"])
        team.members.remove(player)
        TeamInvitation.objects.filter(team=team, player=player).delete()


def _next_captain(team: Team, leaving: Player, chosen: Player | None) -> int | None:
    """The account that captains ``team`` once its captain's player ``leaving`` goes."""
    others = team.members.exclude(pk=leaving.pk)
    if chosen is not None and others.filter(pk=chosen.pk, user__isnull=False).exists():
        return chosen.user_id
    if others.exists():
        raise ValidationError(
            _("%(player)s captains %(team)s: name another member with an account captain first.")
            % {"player": leaving, "team": team}
        )
    return None


def team_successors(team: Team, leaving: Player):
    """Members who could captain ``team`` after ``leaving``: those with an account."""
    return team.members.exclude(pk=leaving.pk).filter(user__isnull=False).order_by("name_key")


def team_invitation_answer(*, invitation_id: int, user, accept: bool) -> TeamInvitation:
    """``user`` accepts (joins the team) or declines an invitation to their player;
    ``TeamInvitation.DoesNotExist`` when it is not theirs, or was answered or withdrawn."""
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
