"""The demo's login (``seed_demo --demo-login``): a staff account that moderates, organises
the first league (the site's Organise area) and plays, as captain of a team it plays in.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db.models import Count, Q
from django.utils import timezone

from games.models import AncientOne, Box, Investigator, Player, Seat, Session, Status, Team
from games.players import player_claim
from games.recording import session_record
from league.models import League
from league.organise.roles import MODERATORS, ORGANISERS

from .league import TEAM_NAMES

DEMO_USERNAME = "demo"


def demo_staff_login(password: str):
    """The demo database's staff account: moderates games, organises the league and edits
    the catalog. Its roles come as any member's do, from the "Moderators" and "Organisers"
    groups (so the Organise area lists it), besides every permission of the league's apps."""
    user, _ = get_user_model().objects.get_or_create(
        username=DEMO_USERNAME, defaults={"email": "demo@example.org"}
    )
    user.is_staff = True
    user.set_password(password)
    user.save()
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=["games", "league", "jobs"])
    )
    user.groups.add(*Group.objects.filter(name__in=[MODERATORS.group, ORGANISERS.group]))
    return user


# The team the demo login captains and plays in, and the player it takes when it has none.
DEMO_TEAM = TEAM_NAMES[0]
DEMO_PLAYER = "Demo Investigator"
# Investigators of the base game, for the games recorded when the demo player has none.
DEMO_INVESTIGATORS = ["Amanda Sharpe", "Bob Jenkins", "Vincent Lee"]


@dataclass
class DemoPlayer:
    player: Player
    team: Team
    games: int  # approved games the player played as the team


def demo_player(user, league: League) -> DemoPlayer:
    """Give the demo login a player: claimed, in the demo team of ``league`` that it
    captains, with approved games as that team (two are recorded when there are none, as
    after ``--games 0``), so it can record games as its team. Run again, it keeps the same
    one.
    """
    team = Team.objects.named(DEMO_TEAM).first() or Team.objects.create(
        name=DEMO_TEAM, league=league
    )
    player = Player.objects.filter(user=user).first()
    if player is None:
        played = Count(
            "seats",
            filter=Q(seats__session__team=team, seats__session__status=Status.APPROVED),
        )
        unclaimed = team.members.filter(user__isnull=True)
        player = unclaimed.annotate(played=played).order_by("-played", "name").first()
        if player is None:
            player = Player.objects.create(name=DEMO_PLAYER)
        player_claim(player, user)
    team.members.add(player)
    if team.captain_id != user.pk:
        team.captain = user
        team.save(update_fields=["captain"])
    games = Session.objects.approved().filter(team=team, seats__player=player).distinct()
    if not games.exists():
        teammates = list(team.members.exclude(pk=player.pk).order_by("name")[:2])
        for days_ago in (9, 2):
            _record_team_game(user, team, [player, *teammates], days_ago)
    return DemoPlayer(player, team, games.count())


def _record_team_game(user, team: Team, players: list[Player], days_ago: int) -> Session:
    """An approved, sealed game against Cthulhu played as ``team`` (through the write path)."""
    played_on = timezone.localdate() - datetime.timedelta(days=days_ago)
    evening = timezone.make_aware(datetime.datetime.combine(played_on, datetime.time(21)))
    investigators = Investigator.objects.in_bulk(DEMO_INVESTIGATORS, field_name="name")
    seats = [
        Seat(player=player, investigator=investigators[name], gate_trophies=1)
        for player, name in zip(players, DEMO_INVESTIGATORS, strict=False)
    ]
    session = Session(
        ancient_one=AncientOne.objects.get(name="Cthulhu"),
        played_on=played_on,
        outcome="sealed",
        terror_level=2,
        elder_sign_tokens=6,
        location="Club night",
        league=team.league,
        team=team,
        submitted_by=user,
        status=Status.APPROVED,
        created_at=min(evening, timezone.now()),
    )
    base = Box.objects.filter(kind=Box.Kind.BASE)
    return session_record(session=session, boxes=base, seats=seats)
