"""What the page benchmarks measure: the public pages, picked from the league at hand.

Shared by ``bench_pages`` (in-process, per page p50/p95, queries, HTML size) and the
``loadtest`` command (the same pages under gunicorn and wrk), so both time the same URLs.
"""

from __future__ import annotations

import math
import statistics
import time

from django.core.cache import cache, caches
from django.db import connection
from django.db.models import Count, Q
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import (
    AncientOne,
    InvestigatorStanding,
    Player,
    Scenario,
    Series,
    Session,
    Team,
)
from league.caching.page_cache import page_key
from league.current import active_slug
from league.models import League

# The yardstick of a cache miss (``bench.views.reference``): its CPU in the same run.
REFERENCE_LABEL = "reference: 50 × 8 table of links"
LEADERBOARD_PAGE_SIZE = 25  # league.pages.games.LeaderboardView
DEEP_PAGE = 200  # "page 200": far enough that numbering everything before it shows


class PageError(Exception):
    """A benchmarked page did not answer 200."""


def percentile(samples: list[float], fraction: float) -> float:
    """The nearest-rank percentile of ``samples`` (0 < fraction <= 1)."""
    ordered = sorted(samples)
    index = max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def public_pages(*, exports: bool = False) -> list[tuple[str, str]]:
    """(label, URL) of each public page, with arguments picked from the league at hand.

    The "busiest" player, Ancient One, team and scenario are the ones with the most
    games: the worst case of each page. A small league without 200 pages of victories
    gets its last page instead (same label, so sizes line up in one table).
    """
    # The pages of the first league (the one links lead to); its busiest subjects.
    league = League.objects.first_league()
    played = Q(seats__session__league=league)
    player = Player.objects.annotate(n=Count("seats", filter=played)).order_by("-n", "pk").first()
    in_league = Q(sessions__league=league)
    ancient_one = (
        AncientOne.objects.annotate(n=Count("sessions", filter=in_league))
        .order_by("-n", "name")
        .first()
    )
    victory = Session.objects.of_league(league).approved().victories().order_by("-pk").first()
    team = Team.objects.of_league(league).annotate(n=Count("sessions")).order_by("-n", "pk").first()
    scenario = (
        Scenario.objects.of_league(league)
        .annotate(n=Count("sessions"))
        .order_by("-n", "pk")
        .first()
    )
    series = Series.objects.of_league(league).order_by("pk").first()
    busiest = InvestigatorStanding.objects.filter(scope=-league.pk).order_by("-games", "pk").first()
    investigator = busiest.investigator if busiest else None
    if None in (player, ancient_one, victory, team, scenario, series, investigator):
        raise PageError("The league has no games to benchmark: seed it first (seed_demo).")
    victories = Session.objects.of_league(league).approved().victories().count()
    deep = max(1, min(DEEP_PAGE, -(-victories // LEADERBOARD_PAGE_SIZE)))
    leaderboard = reverse("league:leaderboard", args=[active_slug()])
    standings = reverse("league:standings", args=[active_slug()])
    pages = [
        ("home", reverse("league:home", args=[active_slug()])),
        ("leaderboard by score", leaderboard),
        ("leaderboard by date, page 1", f"{leaderboard}?sort=-played_on"),
        (f"leaderboard by date, page {DEEP_PAGE}", f"{leaderboard}?sort=-played_on&page={deep}"),
        (
            "leaderboard filtered",
            f"{leaderboard}?ancient_one={ancient_one.slug}&investigators=4&boxes=arkham-horror",
        ),
        ("standings", standings),
        ("standings min 50, by win %", f"{standings}?min_games=50&sort=-win_pct"),
        ("player (busiest)", player.get_absolute_url()),
        ("player's victories (busiest)", f"{player.get_absolute_url()}?outcome=victory"),
        ("search", f"{reverse('league:search', args=[active_slug()])}?q=a"),
        ("ancient ones", reverse("league:ancient_ones", args=[active_slug()])),
        ("ancient one (busiest)", ancient_one.get_absolute_url()),
        ("game page", victory.get_absolute_url()),
        ("investigators", reverse("league:investigators", args=[active_slug()])),
        (
            "investigators by win %",
            f"{reverse('league:investigators', args=[active_slug()])}?min_games=10&sort=-win_pct",
        ),
        ("investigator (busiest)", investigator.get_absolute_url()),
        ("heralds", reverse("league:heralds", args=[active_slug()])),
        (
            "boxes by win % without",
            f"{reverse('league:boxes', args=[active_slug()])}?sort=-win_pct_without",
        ),
        ("teams", reverse("league:teams", args=[active_slug()])),
        ("team (busiest)", team.get_absolute_url()),
        ("scenarios", reverse("league:scenarios", args=[active_slug()])),
        ("scenario board (busiest)", scenario.get_absolute_url()),
        ("series", series.get_absolute_url()),
    ]
    if exports:
        pages.append(
            (
                "leaderboard CSV, one Ancient One",
                f"{leaderboard}?ancient_one={ancient_one.slug}&_export=csv",
            )
        )
    return pages


def _get(client: Client, url: str) -> tuple[int, int]:
    """Request ``url`` and read the whole body (streamed or not): (status, bytes)."""
    response = client.get(url)
    if response.streaming:
        size = sum(len(chunk) for chunk in response.streaming_content)
    else:
        size = len(response.content)
    return response.status_code, size


def measure_page(
    url: str,
    repeat: int,
    *,
    cache_miss: bool,
    cold: bool = False,
    fragments: bool = False,
    bench_views: bool = False,
    beside: str | None = None,
) -> dict:
    """Time ``repeat`` requests of ``url`` in-process (rendering included).

    ``cache_miss``: the page cache is off (``LEAGUE_PAGE_CACHE_SECONDS`` = 0), so each
    request renders from the database, with the league's other caches as a game write
    leaves them: the filter choices, kept under the version that only rare writes (a new
    player, team or season) replace, are read from the cache. ``cold`` also clears the
    whole cache before every request (the first render after a restart or such a rare
    write). ``fragments``: the page cache is on, but the page's own copy is dropped
    before every request, so it renders with its fragments kept (what another page, sort
    or filter of the same subject's games finds). Otherwise the page is served from the
    cache. One untimed request comes first
    in every state; queries are counted on the next one.
    Each request's wall time and the process's CPU time (``time.process_time``: this
    process only, so the database server's work and other processes on the machine are
    not counted) are both kept. ``bench_views`` turns ``LEAGUE_BENCH_VIEWS`` on (the
    reference page). ``beside``: a second address (the reference page) requested after
    each timed request of ``url``, its CPU kept as ``beside_cpu``: a page and its
    yardstick measured in the same seconds, so a machine whose speed drifts (a shared
    virtual machine's does, by a factor of two within a minute) moves both alike.
    """
    client = Client()
    settings = {"ALLOWED_HOSTS": ["testserver"], "DEBUG": False}
    if cache_miss and not fragments:
        settings["LEAGUE_PAGE_CACHE_SECONDS"] = 0
    if bench_views or beside:
        settings["LEAGUE_BENCH_VIEWS"] = True
    with override_settings(**settings):
        _get(client, url)
        connection.queries_log.clear()
        if cold:
            cache.clear()
        if fragments:
            _drop_copy(url)
        with CaptureQueriesContext(connection) as queries:
            status, size = _get(client, url)
        query_count = len(queries)  # read now: later requests reset the log
        if status != 200:
            raise PageError(f"{url} answered {status}")
        if beside:
            _get(client, beside)
        timings, cpu, beside_cpu = [], [], []
        for _ in range(repeat):
            if cold:
                cache.clear()
            if fragments:
                _drop_copy(url)
            started, started_cpu = time.perf_counter(), time.process_time()
            _get(client, url)
            cpu.append((time.process_time() - started_cpu) * 1000)
            timings.append((time.perf_counter() - started) * 1000)
            if beside:
                started_cpu = time.process_time()
                _get(client, beside)
                beside_cpu.append((time.process_time() - started_cpu) * 1000)
    return {
        "beside_cpu": statistics.median(beside_cpu) if beside_cpu else None,
        "p50": statistics.median(timings),
        "p95": percentile(timings, 0.95),
        "cpu": statistics.median(cpu),
        "cpu_samples": cpu,
        "queries": query_count,
        "bytes": size,
    }


def _drop_copy(url: str) -> None:
    """Forget the visitor's copy of the page at ``url``, shared and this process's (its
    fragments stay)."""
    key = page_key(RequestFactory().get(url))
    cache.delete(key)
    caches["pages"].delete(key)


def measure_reference(repeat: int) -> dict:
    """The reference page (a 50 × 8 table of links in ``base.html``), as ``measure_page``
    measures a miss: what a page's CPU is compared with in the same run."""
    return measure_page(
        reverse("bench:reference"),
        repeat,
        cache_miss=True,
        bench_views=True,
    )
