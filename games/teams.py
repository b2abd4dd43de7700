"""Writes of teams: create one, add and remove members. Each in one transaction."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.models import Player, Team
from games.names import normalise_name


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


def team_member_add(*, team: Team, player_name: str) -> Player:
    """Add the league player with this name (any case); unknown names are refused."""
    player = Player.objects.named(normalise_name(player_name)).first()
    if player is None:
        raise ValidationError(
            {"player_name": f"No league player is called {player_name.strip()!r}."}
        )
    if team.members.filter(pk=player.pk).exists():
        raise ValidationError({"player_name": f"{player} is already in {team}."})
    with transaction.atomic():
        team.members.add(player)
    return player


def team_member_remove(*, team: Team, player: Player) -> None:
    with transaction.atomic():
        team.members.remove(player)
