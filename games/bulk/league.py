"""The demo league's people and league play: players, teams, seasons, ten scenarios.

Built once (reused when already there) before ``games.bulk.planner`` plans its games, so most
demo games are played as a team and some enter a scenario, every one valid by
``games.rules`` and ``games.scenario_rules``. The demo's login moderates, and plays too: a
league player of its own, captain of a team it plays in (``demo_player``).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Count, Q
from django.utils import timezone

from games import scenario_rules
from games.models import (
    AncientOne,
    Box,
    Herald,
    Investigator,
    Player,
    Scenario,
    ScenarioTask,
    Seat,
    Series,
    Session,
    Status,
    Team,
)
from games.models.players import unique_player_slug
from games.players import player_claim
from games.recording import session_record
from league.models import Season

FIRST_NAMES = [
    "Ada",
    "Ben",
    "Cleo",
    "Dara",
    "Eli",
    "Fay",
    "Gus",
    "Hana",
    "Ivo",
    "Jun",
    "Kai",
    "Lena",
    "Milo",
    "Nia",
    "Otto",
    "Pia",
    "Quin",
    "Rosa",
    "Sam",
    "Tea",
    "Uma",
    "Vic",
    "Wren",
    "Xavi",
    "Yara",
    "Zed",
    "Abe",
    "Bea",
    "Cal",
    "Dot",
    "Emil",
    "Flo",
    "Gil",
    "Ines",
    "Jack",
    "Kit",
]
SURNAMES = [
    "Armitage",
    "Rice",
    "Morgan",
    "Whateley",
    "Marsh",
    "Gilman",
    "Pickman",
    "Ward",
    "Carter",
    "Peaslee",
]

TEAM_NAMES = [
    "Silver Twilight Irregulars",
    "Miskatonic Night Owls",
    "Ma's Boarding House",
    "The Velma's Diner Regulars",
    "Ye Olde Magick Shoppe",
    "Southside Historical Society",
    "The Unvisited Isle Rowing Club",
    "Hibb's Roadhouse Band",
]
SERIES_NAME = "League session 2"
SCENARIOS = 10
SCENARIO_DAYS = 14  # FFG posted a scenario every two weeks
TASKS = [
    "Close a gate at the Unvisited Isle",
    "End with the terror level at 3 or less",
    "No investigator devoured",
    "Hold two or more Elder Sign cards unplayed",
    "Defeat a Mask monster",
    "Seal a gate with clue tokens",
    "Every investigator ends with an ally",
    "Win before the doom track is half full",
]


@dataclass
class ScenarioPlan:
    """A scenario as the generator needs it: rows, terms and task ids, no queries."""

    scenario: Scenario
    terms: scenario_rules.ScenarioTerms
    ancient_ones: list[AncientOne]
    required: list[int]  # box ids
    extras: list[int]  # box ids allowed but not required
    herald: Herald | None
    task_ids: list[int]


def demo_teams(rng: random.Random, players: list[Player]) -> list[tuple[Team, list[Player]]]:
    """Eight teams of three to five players (existing demo teams are reused)."""
    teams = []
    pool = list(players)
    rng.shuffle(pool)
    for index, name in enumerate(TEAM_NAMES):
        team = Team.objects.named(name).first()
        if team is None:
            team = Team.objects.create(name=name)
            size = 3 + index % 3
            members = pool[(index * 4) % len(pool) :][:size] or pool[:size]
            team.members.set(members)
        teams.append((team, list(team.members.all())))
    return [(team, members) for team, members in teams if members]


def demo_series(rng: random.Random, now: datetime.datetime) -> list[ScenarioPlan]:
    """Ten scenarios two weeks apart: eight closed, one open now, one upcoming."""
    series, _ = Series.objects.get_or_create(
        slug="league-session-2",
        defaults={"name": SERIES_NAME, "description": "Ten scenarios, one every two weeks."},
    )
    first_open = now - datetime.timedelta(days=SCENARIO_DAYS * (SCENARIOS - 2) + SCENARIO_DAYS // 2)
    ancient_ones = list(AncientOne.objects.select_related("box").exclude(name="Azathoth"))
    boxes = list(Box.objects.all())
    base = next(box for box in boxes if box.kind == Box.Kind.BASE)
    expansions = [box for box in boxes if box.kind != Box.Kind.BASE]
    heralds = list(Herald.objects.select_related("box"))
    plans = []
    for number in range(1, SCENARIOS + 1):
        slug = f"league-session-2-scenario-{number}"
        scenario = Scenario.objects.filter(slug=slug).first()
        if scenario is None:
            scenario = _make_scenario(
                rng, series, number, slug, first_open, ancient_ones, base, expansions, heralds
            )
        plans.append(_plan_of(scenario))
    return plans


def _make_scenario(rng, series, number, slug, first_open, ancient_ones, base, expansions, heralds):
    opens_at = first_open + datetime.timedelta(days=SCENARIO_DAYS * (number - 1))
    chosen = rng.sample(ancient_ones, k=2 if number % 4 == 0 else 1)
    required = {base, *(ao.box for ao in chosen)}
    allowed = required | set(rng.sample(expansions, k=rng.randint(1, 3)))
    fitting = [herald for herald in heralds if herald.box in allowed]
    herald = rng.choice(fitting) if fitting and number % 3 == 0 else None
    if herald is not None:
        required.add(herald.box)
    names = " or ".join(ao.name for ao in chosen)
    scenario = Scenario.objects.create(
        name=f"Scenario {number}: {names}",
        slug=slug,
        series=series,
        order=number,
        briefing=f"{names} stirs.\nPlay it with {2 + number % 2} to 8 investigators.",
        herald=herald,
        investigators_min=2 + number % 2,
        investigators_max=8,
        opens_at=opens_at,
        closes_at=opens_at + datetime.timedelta(days=SCENARIO_DAYS),
    )
    scenario.ancient_ones.set(chosen)
    scenario.boxes_required.set(required)
    scenario.boxes_allowed.set(allowed)
    ScenarioTask.objects.bulk_create(
        ScenarioTask(scenario=scenario, order=order, text=text)
        for order, text in enumerate(rng.sample(TASKS, k=3), start=1)
    )
    return scenario


def _plan_of(scenario: Scenario) -> ScenarioPlan:
    required = sorted(scenario.boxes_required.values_list("pk", flat=True))
    allowed = sorted(scenario.boxes_allowed.values_list("pk", flat=True))
    return ScenarioPlan(
        scenario=scenario,
        terms=scenario.terms(),
        ancient_ones=list(scenario.ancient_ones.select_related("box").order_by("pk")),
        required=required,
        extras=[pk for pk in allowed if pk not in required],
        herald=scenario.herald,
        task_ids=list(scenario.tasks.values_list("pk", flat=True)),
    )


def demo_players(rng: random.Random, count: int) -> list[Player]:
    """A few dozen league members; existing ones are reused."""
    players = list(Player.objects.all())
    names = {player.name for player in players}
    while len(players) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)}"
        if name in names:
            continue
        names.add(name)
        players.append(Player.objects.create(name=name, slug=unique_player_slug(name)))
    return players


def demo_seasons(today: datetime.date | None = None):
    """Last year as a finished season and this year as the running one (kept if present)."""
    year = (today or timezone.localdate()).year
    seasons = []
    for season_year in (year - 1, year):
        season, _ = Season.objects.get_or_create(
            slug=f"season-{season_year}",
            defaults={
                "name": f"Season {season_year}",
                "start": datetime.date(season_year, 1, 1),
                "end": datetime.date(season_year, 12, 31),
            },
        )
        seasons.append(season)
    return seasons


DEMO_USERNAME = "demo"


def demo_staff_login(password: str):
    """The demo database's staff account: moderates games and edits the catalog."""
    user, _ = get_user_model().objects.get_or_create(
        username=DEMO_USERNAME, defaults={"email": "demo@example.org"}
    )
    user.is_staff = True
    user.set_password(password)
    user.save()
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=["games", "league"])
    )
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


def demo_player(user) -> DemoPlayer:
    """Give the demo login a league player: claimed, in the demo team it captains, with
    approved games as that team (two are recorded when there are none, as after
    ``--games 0``), so it can record games as its team. Run again, it keeps the same one.
    """
    team = Team.objects.named(DEMO_TEAM).first() or Team.objects.create(name=DEMO_TEAM)
    player = Player.objects.filter(user=user).first()
    if player is None:
        played = Count(
            "seats",
            filter=Q(seats__session__team=team, seats__session__status=Status.APPROVED),
        )
        unclaimed = team.members.filter(user__isnull=True)
        player = unclaimed.annotate(played=played).order_by("-played", "name").first()
        if player is None:
            player = Player.objects.create(name=DEMO_PLAYER, slug=unique_player_slug(DEMO_PLAYER))
        player_claim(player, user)
    team.members.add(player)
    if team.captain_id != user.pk:
        team.captain = user
        team.save(update_fields=["captain"])
    games = _team_games(player, team)
    if not games.exists():
        teammates = list(team.members.exclude(pk=player.pk).order_by("name")[:2])
        for days_ago in (9, 2):
            _record_team_game(user, team, [player, *teammates], days_ago)
    return DemoPlayer(player, team, games.count())


def _team_games(player: Player, team: Team):
    return Session.objects.approved().filter(team=team, seats__player=player).distinct()


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
        team=team,
        submitted_by=user,
        status=Status.APPROVED,
        created_at=min(evening, timezone.now()),
    )
    base = Box.objects.filter(kind=Box.Kind.BASE)
    return session_record(session=session, boxes=base, seats=seats)
