"""Seeding demo leagues (``seed_demo``): their people first (``league``), then their
games, planned (``planner``) with hidden strengths (``strengths``) and loaded (``load``).
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from django.utils import timezone

from games.models import Session
from league.models import League

from .league import (
    demo_players,
    demo_seasons,
    demo_series,
    demo_teams,
    league_members,
    pool_size,
)
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


def seed_league(*, league: League, games: int, seed: int, players: int = 36, **options) -> int:
    """Create ``games`` demo games in ``league``; see ``seed_leagues``."""
    return seed_leagues([league], games=games, seed=seed, players=players, **options)


def seed_leagues(
    leagues: list[League],
    *,
    games: int,
    seed: int,
    players: int = 36,
    batch_size: int = 20_000,
    league_play: bool = True,
    progress=None,
) -> int:
    """Create ``games`` demo games, shared evenly among ``leagues``; returns how many.

    Each league has ``players`` players, a quarter of them also in the next league
    (``league.league_members``), each with the same hidden strength wherever it plays.
    With ``league_play``, also each league's teams and two seasons, and the first
    league's series of scenarios (once), most games played as a team, some for a
    scenario. Each batch is one transaction; scenario entries and the summaries are
    rebuilt once at the end (``games_bulk_load``). ``progress(done, seconds)`` is called
    after every batch.
    """
    rng = random.Random(seed)
    base = Catalog.load()
    # Players draw from their own generator so reruns over existing players repeat games.
    pool = demo_players(random.Random(seed), pool_size(players, len(leagues)))
    base.players = [player.pk for player in pool]
    base.strengths = league_strengths(seed, base)
    now = timezone.now()
    catalogs = []
    for index, league in enumerate(leagues):
        members = league_members(pool, players, index, len(leagues))
        members.sort(key=lambda p: p.name)
        catalog = replace(base, league_id=league.pk, players=[player.pk for player in members])
        if league_play:
            teams = demo_teams(random.Random(seed + index), members, league, first=index == 0)
            catalog.teams = [(team.pk, [p.pk for p in people]) for team, people in teams]
            if index == 0:
                plans = demo_series(random.Random(seed), now, league)
                catalog.scenarios = [plan for plan in plans if plan.terms.opens_at <= now]
            demo_seasons(league, timezone.localdate(now))
        catalogs.append(catalog)
    large = games >= LARGE_LOAD and games >= Session.objects.count()
    started = time.perf_counter()

    def batches():
        for index, catalog in enumerate(catalogs):
            planner = Planner(rng, catalog, now)
            share = games // len(catalogs) + (index < games % len(catalogs))
            made = 0
            while made < share:
                size = min(batch_size, share - made)
                yield [planner.game() for _ in range(size)]
                made += size

    return games_bulk_load(
        batches(),
        now=now,
        scenario_ids=[plan.scenario.pk for catalog in catalogs for plan in catalog.scenarios],
        progress=(lambda done: progress(done, time.perf_counter() - started)) if progress else None,
        large=large,
    )
