"""Writes that turn a typed name into a league player, safe when many people type at once:
the unique ``name_key`` decides, and a lost race to create the same player (or to take
the same slug) is caught inside a savepoint and read back, so concurrent requests end
with one player and no error."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Player
from games.names import name_key, normalise_name

# Creating can lose a race to an equal name (then the next read finds it) or to a
# different name with the same slug (then the next try picks the next slug). Each lost
# race means another request committed, so a handful of tries is plenty.
CREATE_ATTEMPTS = 5


class PlayerTaken(Exception):
    """The player was claimed by another account (or created by someone else) meanwhile."""


def player_get_or_create(name: str) -> tuple[Player, bool]:
    """The player this name means, and whether this call created it."""
    name = normalise_name(name)
    for _ in range(CREATE_ATTEMPTS):
        player = Player.objects.named(name).first()
        if player is not None:
            return player, False
        try:
            with transaction.atomic():  # a savepoint: a lost race leaves the caller's work
                return Player.objects.create(name=name), True
        except IntegrityError:
            continue
    # Still failing after several committed rivals: let the last error speak.
    with transaction.atomic():
        return Player.objects.create(name=name), True


def player_for_name(name: str) -> Player:
    """The league player with this name, created when new."""
    return player_get_or_create(name)[0]


def players_for_names(names: list[str], existing: dict[str, Player]) -> dict[str, Player]:
    """Players for several names: ``existing`` (by name key) as read, the others created in
    a fixed order: two games naming the same two new players in opposite orders would
    otherwise deadlock on PostgreSQL."""
    found: dict[str, Player] = {}
    for name in sorted(set(names), key=name_key):
        player = existing.get(name_key(name))
        found[name] = player if player is not None else player_for_name(name)
    return found


def player_claim(player: Player, user) -> None:
    """Link ``user`` to ``player`` only if nobody has yet (a conditional write);
    ``PlayerTaken`` when another account got there first."""
    claimed = Player.objects.filter(pk=player.pk, user__isnull=True).update(user=user)
    if claimed != 1:
        raise PlayerTaken(player.name)
    player.user = user
