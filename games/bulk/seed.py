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

    Each league has ``players`` players, a quarter of them also in the next league, with
    one hidden strength wherever they play. With ``league_play``, also each league's teams
    and seasons and the first league's scenarios. ``progress(done, seconds)`` is called
    after every batch.
    """
    rng = random.Random(seed)
    base = Catalog.load()
    # Players draw from their own generator so reruns over existing players repeat games.
    pool = demo_players(random.Random(seed), pool_size(players, len(leagues)))
    base.players = [player.pk for player in pool]
    base.strengths = Strengths.drawn(seed, base)
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
