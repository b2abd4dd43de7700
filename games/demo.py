"""A realistic, rule-valid demo league, generated in bulk for `seed_demo`.

Every game is built as the rules allow (preconditions hold, defeat causes fit) and is
scored by ``games.rules``; rows go in with ``bulk_create`` so 100,000 games take
seconds, not hours.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from games import rules, scenario_rules
from games.demo_league import ScenarioPlan, demo_series, demo_teams
from games.models import (
    AncientOne,
    Box,
    Guardian,
    Herald,
    Investigator,
    Player,
    Seat,
    Session,
    Status,
)
from games.models.players import unique_player_slug
from games.models.scenario_play import entry_key_for
from games.recording import scenario_entries_rebuild
from games.summaries import summaries_rebuild, suspended

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
LOCATIONS = ("Club night", "Kitchen table", "Game café", "Convention", "Online", "")

# Outcome weights: a cooperative game that is usually won a little more often than lost.
OUTCOME_WEIGHTS = {rules.CLOSED: 36, rules.SEALED: 20, rules.BANISHED: 14, rules.DEFEAT: 30}
SEAT_COUNT_WEIGHTS = {1: 3, 2: 12, 3: 20, 4: 24, 5: 16, 6: 12, 7: 7, 8: 6}
STATUS_WEIGHTS = {Status.APPROVED: 92, Status.PENDING: 6, Status.REJECTED: 2}
OTHER_LOSSES = (
    "The last investigator was lost in time and space.",
    "We ran out of time at the club and called it a loss.",
    "Too many monsters in Arkham: the town fell.",
)
SPECIAL_DEFEAT = {"Glaaki", "Shudde M'ell", "Bokrug"}
TEAM_SHARE = 0.75  # most demo games are played as a team
SCENARIO_SHARE = 0.08  # and some of them for a league scenario


@dataclass
class Catalog:
    ancient_ones: list[AncientOne]
    base: Box
    expansions: list[Box]
    investigators_by_box: dict[int, list[Investigator]]
    heralds: list[Herald]
    guardians: list[Guardian]
    players: list[Player] = field(default_factory=list)
    teams: list = field(default_factory=list)  # (Team, members)
    scenarios: list[ScenarioPlan] = field(default_factory=list)  # open or closed ones

    @classmethod
    def load(cls) -> Catalog:
        boxes = list(Box.objects.all())
        by_box: dict[int, list[Investigator]] = {}
        for investigator in Investigator.objects.all():
            by_box.setdefault(investigator.box_id, []).append(investigator)
        return cls(
            ancient_ones=list(AncientOne.objects.select_related("box")),
            base=next(box for box in boxes if box.kind == Box.Kind.BASE),
            expansions=[box for box in boxes if box.kind != Box.Kind.BASE],
            investigators_by_box=by_box,
            heralds=list(Herald.objects.all()),
            guardians=list(Guardian.objects.all()),
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


def _weighted(rng: random.Random, weights: dict):
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _plan_game(rng: random.Random, catalog: Catalog, now: datetime.datetime):
    """One game: a Session (unsaved, scored), its boxes, seats (unsaved) and task ids."""
    plan = (
        rng.choice(catalog.scenarios)
        if catalog.scenarios and rng.random() < SCENARIO_SHARE
        else None
    )
    if plan is not None:
        ancient_one = rng.choice(plan.ancient_ones)
        boxes = set(plan.required)
        boxes.update(rng.sample(plan.extras, k=rng.randint(0, len(plan.extras))))
    else:
        ancient_one = rng.choice(catalog.ancient_ones)
        boxes = {catalog.base, ancient_one.box}
        boxes.update(rng.sample(catalog.expansions, k=rng.choice((0, 0, 1, 1, 2, 3))))
    outcome = _weighted(rng, OUTCOME_WEIGHTS)
    if outcome == rules.BANISHED and ancient_one.name == rules.AZATHOTH:
        outcome = rules.DEFEAT
    box_names = {box.name for box in boxes}

    pool = [inv for box in boxes for inv in catalog.investigators_by_box.get(box.pk, [])]
    seat_count = min(_weighted(rng, SEAT_COUNT_WEIGHTS), len(pool))
    if plan is not None:
        low, high = plan.terms.investigators_min, plan.terms.investigators_max
        seat_count = min(max(seat_count, low), high, len(pool))
    team, people = None, catalog.players
    if catalog.teams and rng.random() < TEAM_SHARE:
        team, people = rng.choice(catalog.teams)
    wanted = max(1, seat_count - rng.choice((0, 0, 0, 1, 2)))
    humans = rng.sample(people, k=min(wanted, len(people)))
    seats = []
    for position, investigator in enumerate(rng.sample(pool, k=seat_count), start=1):
        replaced = rng.choices((0, 1, 2), weights=(80, 16, 4))[0]
        ended = rng.choices([choice for choice, _ in Seat.Ended.choices], weights=(82, 8, 6, 4))[0]
        seats.append(
            Seat(
                player=humans[(position - 1) % len(humans)],
                investigator=investigator,
                position=position,
                ended=ended,
                replaced=replaced,
                gate_trophies=rng.choices((0, 1, 2, 3), weights=(40, 35, 18, 7))[0],
                monster_trophies=rng.choices(range(7), weights=(25, 20, 18, 14, 10, 8, 5))[0],
                unpaid_loans=1 if rng.random() < 0.08 else 0,
            )
        )
    if outcome == rules.CLOSED:
        # Closing needs a gate trophy per investigator in play: hand out the shortfall.
        short = seat_count - sum(seat.gate_trophies for seat in seats)
        for _ in range(max(0, short) + rng.choice((0, 0, 1, 2))):
            rng.choice(seats).gate_trophies += 1

    defeat_cause = ""
    if outcome == rules.DEFEAT:
        if ancient_one.name == rules.AZATHOTH:
            defeat_cause = rules.AZATHOTH_AWAKENED
        elif box_names & rules.ACT_DECK_BOXES and rng.random() < 0.25:
            defeat_cause = rules.ACT_III
        elif ancient_one.name in SPECIAL_DEFEAT and rng.random() < 0.4:
            defeat_cause = rules.ANCIENT_ONE_SPECIAL
        else:
            defeat_cause = rules.DEVOURED if rng.random() < 0.92 else rules.OTHER

    heralds = [herald for herald in catalog.heralds if herald.box in boxes]
    guardians = [guardian for guardian in catalog.guardians if guardian.box in boxes]
    herald = rng.choice(heralds) if heralds and rng.random() < 0.4 else None
    if plan is not None and plan.herald is not None:
        herald = plan.herald
    session = Session(
        ancient_one=ancient_one,
        played_on=timezone.localdate(now) - datetime.timedelta(days=rng.randrange(0, 3 * 365)),
        herald=herald,
        team=team,
        guardian=rng.choice(guardians) if guardians and rng.random() < 0.5 else None,
        outcome=outcome,
        defeat_cause=defeat_cause,
        terror_level=rng.choices(range(11), weights=(14, 14, 13, 12, 10, 9, 8, 7, 6, 4, 3))[0],
        elder_signs_played=rng.choices((0, 1, 2, 3), weights=(55, 28, 12, 5))[0],
        elder_sign_tokens=rng.randint(6, 8) if outcome == rules.SEALED else rng.randint(0, 5),
        location=rng.choice(LOCATIONS),
        # The result form asks what happened whenever a defeat is "another loss".
        notes=rng.choice(OTHER_LOSSES) if defeat_cause == rules.OTHER else "",
        status=_weighted(rng, STATUS_WEIGHTS),
    )
    # Submitted at the table or within a few days, never in the future.
    submitted = timezone.make_aware(
        datetime.datetime.combine(session.played_on, datetime.time(20))
        + datetime.timedelta(hours=rng.randrange(0, 96))
    )
    session.created_at = min(submitted, now)
    task_ids: list[int] = []
    if plan is not None:
        _enter_scenario(rng, session, plan, now)
        task_ids = rng.sample(plan.task_ids, k=rng.randint(0, len(plan.task_ids)))
        session.tasks_completed = len(task_ids)
        session.entry_key = entry_key_for(
            team_id=team.pk if team else None, player_ids=[seat.player.pk for seat in seats]
        )
    session.apply_totals(seats)
    for seat, (first_citizen, players_first) in zip(seats, session.seat_flags(seats), strict=True):
        seat.first_citizen, seat.players_first_seat = first_citizen, players_first
    totals = rules.team_totals([seat.as_result() for seat in seats])
    errors = session.result_errors(totals=totals, box_names=box_names)
    if plan is not None:
        errors.update(
            scenario_rules.scenario_problems(
                plan.terms,
                ancient_one=ancient_one.name,
                herald=herald.name if herald else None,
                boxes=box_names,
                investigators=totals.investigators,
                played_on=session.played_on,
                submitted_at=session.created_at,
            )
        )
    if errors:  # a bug in this generator, never bad luck
        raise RuntimeError(f"The demo generator broke a rule: {errors}")
    return session, boxes, seats, task_ids


def _enter_scenario(rng: random.Random, session: Session, plan: ScenarioPlan, now) -> None:
    """Play the game while the scenario was open and submit it before it closed."""
    session.scenario = plan.scenario
    opens_at, closes_at = plan.terms.opens_at, plan.terms.closes_at
    first, last = timezone.localdate(opens_at), timezone.localdate(min(closes_at, now))
    session.played_on = first + datetime.timedelta(days=rng.randrange((last - first).days + 1))
    evening = timezone.make_aware(datetime.datetime.combine(session.played_on, datetime.time(20)))
    submitted = max(evening, opens_at) + datetime.timedelta(minutes=rng.randrange(0, 48 * 60))
    session.created_at = min(submitted, closes_at - datetime.timedelta(minutes=1), now)


def seed_league(
    *, games: int, seed: int, players: int = 36, batch_size: int = 2000, league_play: bool = True
) -> int:
    """Create ``games`` demo games; returns how many were created.

    With ``league_play``, also teams, a series of scenarios and two seasons (once), most
    games played as a team, some for a scenario, and the scenario entries stored.
    """
    rng = random.Random(seed)
    catalog = Catalog.load()
    # Players draw from their own generator so reruns over existing players repeat games.
    catalog.players = sorted(demo_players(random.Random(seed), players), key=lambda p: p.name)
    now = timezone.now()
    if league_play:
        catalog.teams = demo_teams(random.Random(seed), catalog.players)
        plans = demo_series(random.Random(seed), now)
        catalog.scenarios = [plan for plan in plans if plan.terms.opens_at <= now]
        demo_seasons(timezone.localdate(now))
    through = Session.boxes.through
    tasks_through = Session.tasks_done.through
    created = 0
    while created < games:
        planned = [_plan_game(rng, catalog, now) for _ in range(min(batch_size, games - created))]
        with transaction.atomic():
            sessions = Session.objects.bulk_create([session for session, *_ in planned])
            seats, links, done = [], [], []
            for session, (_, boxes, game_seats, task_ids) in zip(sessions, planned, strict=True):
                for seat in game_seats:
                    seat.session_id = session.pk
                    seats.append(seat)
                links.extend(through(session_id=session.pk, box_id=box.pk) for box in boxes)
                done.extend(
                    tasks_through(session_id=session.pk, scenariotask_id=t) for t in task_ids
                )
            Seat.objects.bulk_create(seats)
            through.objects.bulk_create(links)
            tasks_through.objects.bulk_create(done)
        created += len(planned)
    # Bulk rows skip the per-game upkeep: entries and summaries are recomputed once.
    with suspended():
        if catalog.scenarios:
            scenario_entries_rebuild([plan.scenario.pk for plan in catalog.scenarios])
    summaries_rebuild()
    return created


def demo_seasons(today: datetime.date | None = None):
    """Last year as a finished season and this year as the running one (kept if present)."""
    from league.models import Season

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
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

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
