"""The demo's leagues and their people: which leagues (``seed_demo --leagues N``), who plays
in each, their teams, seasons and ten scenarios, and the accounts' memberships.

Built once (reused when already there) before ``games.bulk.planner`` plans the games, so
most demo games are played as a team and some enter a scenario. The first league is the
site's own ("Arkham League", made by the migrations). Players are one identity across
leagues: each league takes a run of the demo's players, and neighbouring leagues share a
quarter of theirs, so some people play in two leagues with one player and one account.
"""

from __future__ import annotations

import datetime
import random
import string
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import scenario_rules
from games.models import (
    AncientOne,
    Box,
    Herald,
    Player,
    Scenario,
    ScenarioTask,
    Series,
    Session,
    Team,
)
from league.models import League, MemberRole, Membership, Season, Visibility

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
# Draws of a fresh first-name and surname pair before falling back to an initial.
REDRAWS = 50

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
# Another league's teams: its name and one of these.
OTHER_TEAMS = ["Investigators", "Night Watch", "Gate Closers", "Lantern Bearers"]
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


def demo_teams(
    rng: random.Random, players: list[Player], league: League, *, first: bool
) -> list[tuple[Team, list[Player]]]:
    """Teams of ``league`` of three to five of ``players``: the first league's eight,
    another league's four, named after it (team names are unique across leagues).
    Existing demo teams are reused."""
    names = TEAM_NAMES if first else [f"{league.name} {suffix}" for suffix in OTHER_TEAMS]
    teams = []
    pool = list(players)
    rng.shuffle(pool)
    for index, name in enumerate(names):
        team = Team.objects.named(name).first()
        if team is None:
            team = Team.objects.create(name=name, league=league)
            size = 3 + index % 3
            members = pool[(index * 4) % len(pool) :][:size] or pool[:size]
            team.members.set(members)
        teams.append((team, list(team.members.order_by("pk"))))
    return [(team, members) for team, members in teams if members]


def demo_series(rng: random.Random, now: datetime.datetime, league: League) -> list[ScenarioPlan]:
    """Ten scenarios of ``league`` two weeks apart: eight closed, one open now, one upcoming."""
    series, _ = Series.objects.get_or_create(
        league=league,
        slug="league-session-2",
        defaults={
            "name": SERIES_NAME,
            "description": "Ten scenarios, one every two weeks.",
        },
    )
    first_open = now - datetime.timedelta(days=SCENARIO_DAYS * (SCENARIOS - 2) + SCENARIO_DAYS // 2)
    ancient_ones = list(
        AncientOne.objects.select_related("box").exclude(name="Azathoth").order_by("pk")
    )
    boxes = list(Box.objects.order_by("pk"))
    base = next(box for box in boxes if box.kind == Box.Kind.BASE)
    expansions = [box for box in boxes if box.kind != Box.Kind.BASE]
    heralds = list(Herald.objects.select_related("box").order_by("pk"))
    plans = []
    for number in range(1, SCENARIOS + 1):
        slug = f"league-session-2-scenario-{number}"
        scenario = Scenario.objects.filter(league=league, slug=slug).first()
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
        league=series.league,
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
        task_ids=list(scenario.tasks.order_by("pk").values_list("pk", flat=True)),
    )


def demo_players(rng: random.Random, count: int) -> list[Player]:
    """A few dozen league members; existing ones are reused."""
    players = list(Player.objects.order_by("pk"))
    names = {player.name for player in players}
    while len(players) < count:
        name = _fresh_name(rng, names)
        names.add(name)
        players.append(Player.objects.create(name=name))
    return players


def _fresh_name(rng: random.Random, taken: set[str]) -> str:
    """A member name not in ``taken``: a first name and a surname, redrawn a few times.

    There are only ``len(FIRST_NAMES) * len(SURNAMES)`` such pairs, so a big league (a
    benchmark's thousands of members) also needs middle initials and, past those, numbers;
    redrawing alone would never end.
    """
    for _ in range(REDRAWS):
        first, surname = rng.choice(FIRST_NAMES), rng.choice(SURNAMES)
        if f"{first} {surname}" not in taken:
            return f"{first} {surname}"
    for initial in string.ascii_uppercase:
        if f"{first} {initial}. {surname}" not in taken:
            return f"{first} {initial}. {surname}"
    number = 2
    while f"{first} {surname} {number}" in taken:
        number += 1
    return f"{first} {surname} {number}"


def demo_seasons(league: League, today: datetime.date | None = None):
    """``league``'s last year as a finished season and this year as the running one (kept
    if present)."""
    year = (today or timezone.localdate()).year
    seasons = []
    for season_year in (year - 1, year):
        season, _ = Season.objects.get_or_create(
            league=league,
            slug=f"season-{season_year}",
            defaults={
                "name": f"Season {season_year}",
                "start": datetime.date(season_year, 1, 1),
                "end": datetime.date(season_year, 12, 31),
            },
        )
        seasons.append(season)
    return seasons


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
