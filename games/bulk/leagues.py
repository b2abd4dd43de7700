"""The demo's several leagues (``seed_demo --leagues N``): which leagues, who plays in each,
and the accounts' memberships.

The first league is the site's own ("Arkham League", made by the migrations); the others
are made here. Players are one identity across leagues: each league takes a run of the
demo's players, and neighbouring leagues share a quarter of theirs, so some people play
in two leagues with one player and one account.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model

from games.models import Player, Session
from league.models import League, MemberRole, Membership, Visibility

# (name, address) of the leagues after the first; more are numbered.
OTHER_LEAGUES = [
    ("Tuesday Table", "tuesday"),
    ("Saturday Club", "saturday"),
    ("Dunwich Irregulars", "dunwich"),
    ("Kingsport Circle", "kingsport"),
]
# The third league is read by its members only (a demo of an invitation-only league).
INVITATION_ONLY = 2
# The share of a league's players who also play in the next one.
SHARED = 4  # one in four


def demo_leagues(count: int) -> list[League]:
    """The first league and ``count - 1`` others (existing ones are reused)."""
    first = League.objects.first_league() or League.objects.create(
        name="Arkham League", slug="arkham"
    )
    leagues = [first]
    for index in range(1, count):
        name, slug = (
            OTHER_LEAGUES[index - 1]
            if index <= len(OTHER_LEAGUES)
            else (f"Demo League {index + 1}", f"demo-{index + 1}")
        )
        visibility = Visibility.INVITATION if index == INVITATION_ONLY else Visibility.PUBLIC
        league, _ = League.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "description": f"{name} plays Arkham Horror together.",
                "visibility": visibility,
            },
        )
        leagues.append(league)
    return leagues


def shared_per_league(players: int, leagues: int) -> int:
    """How many of a league's ``players`` also play in the next league."""
    return 0 if leagues == 1 else max(1, players // SHARED)


def pool_size(players: int, leagues: int) -> int:
    """The players ``leagues`` leagues of ``players`` each need, neighbours sharing some."""
    return players + (leagues - 1) * (players - shared_per_league(players, leagues))


def league_members(pool: Sequence[Player], players: int, index: int, leagues: int) -> list:
    """League ``index``'s run of ``pool``: ``players`` of them, its first ones shared with
    the league before; the last league takes the rest of the pool (with one league, the
    whole pool, as before leagues)."""
    start = index * (players - shared_per_league(players, leagues))
    return list(pool[start:] if index == leagues - 1 else pool[start : start + players])


def demo_memberships(organiser, first: League) -> int:
    """Every account with a player becomes a member of each league its player has played
    in (roles already held are kept); ``organiser`` (the demo login, or None) organises
    ``first``. Returns how many memberships were added."""
    added = 0
    if organiser is not None:
        _, created = Membership.objects.update_or_create(
            league=first, user=organiser, defaults={"role": MemberRole.ORGANISER}
        )
        added += created
    accounts = get_user_model().objects.filter(player__isnull=False)
    for user in accounts.select_related("player"):
        played = Session.objects.filter(seats__player=user.player).values_list("league", flat=True)
        for league_id in set(played):
            _, created = Membership.objects.get_or_create(league_id=league_id, user=user)
            added += created
    return added
