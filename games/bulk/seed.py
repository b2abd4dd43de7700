"""Seeding a demo league in bulk (``seed_demo``): its people, then its games in batches.

The players, teams, series of scenarios and seasons come first (``league``, reused when
already there), the league's hidden strengths are drawn (``strengths``), then ``planner``
plans rule-valid games and ``load`` copies them in, a
batch per transaction, rebuilding scenario entries and the summaries once at the end.
"""

from __future__ import annotations

import random
import time

from django.utils import timezone

from games.models import Session

from .league import demo_players, demo_seasons, demo_series, demo_teams
from .load import games_bulk_load
from .planner import Catalog, Planner
from .strengths import Strengths

# From this many new games (and at least as many as already stored), rebuilding the
# indexes once beats keeping them up row by row (games.bulk.load, PostgreSQL).
LARGE_LOAD = 100_000


def league_strengths(seed: int, catalog: Catalog) -> Strengths:
    """The demo league's hidden strengths for this seed (``strengths``)."""
    return Strengths.drawn(
        seed,
        ancient_ones=[(ao.pk, ao.name) for ao in catalog.ancient_ones],
        heralds=[h.pk for heralds in catalog.heralds_by_box.values() for h in heralds],
        boxes=[catalog.base, *catalog.expansions],
        investigators=[pk for pks in catalog.investigators_by_box.values() for pk in pks],
        players=catalog.players,
    )


def seed_league(
    *,
    games: int,
    seed: int,
    players: int = 36,
    batch_size: int = 20_000,
    league_play: bool = True,
    progress=None,
) -> int:
    """Create ``games`` demo games; returns how many were created.

    With ``league_play``, also teams, a series of scenarios and two seasons (once), most
    games played as a team, some for a scenario. Each batch is one transaction; scenario
    entries and the league summaries are rebuilt once at the end (``games_bulk_load``).
    ``progress(done, seconds)`` is called after every batch.
    """
    rng = random.Random(seed)
    catalog = Catalog.load()
    # Players draw from their own generator so reruns over existing players repeat games.
    members = sorted(demo_players(random.Random(seed), players), key=lambda p: p.name)
    catalog.players = [player.pk for player in members]
    catalog.strengths = league_strengths(seed, catalog)
    now = timezone.now()
    if league_play:
        teams = demo_teams(random.Random(seed), members)
        catalog.teams = [(team.pk, [p.pk for p in people]) for team, people in teams]
        plans = demo_series(random.Random(seed), now)
        catalog.scenarios = [plan for plan in plans if plan.terms.opens_at <= now]
        demo_seasons(timezone.localdate(now))
    planner = Planner(rng, catalog, now)
    large = games >= LARGE_LOAD and games >= Session.objects.count()
    started = time.perf_counter()

    def batches():
        made = 0
        while made < games:
            size = min(batch_size, games - made)
            yield [planner.game() for _ in range(size)]
            made += size

    return games_bulk_load(
        batches(),
        now=now,
        scenario_ids=[plan.scenario.pk for plan in catalog.scenarios],
        progress=(lambda done: progress(done, time.perf_counter() - started)) if progress else None,
        large=large,
    )
