"""Measure every public league page at several league sizes, on a scratch database.

    python manage.py bench_pages                       # 1k, 10k, 100k approved games
    python manage.py bench_pages --sizes 1000,10000 --repeat 20

For each size the command creates a fresh *test* database beside the configured one (a
temporary SQLite file, or ``<name>_bench`` on PostgreSQL when DATABASE_URL points there),
migrates it, seeds it with ``seed_demo`` until it holds that many approved games, requests
each page in-process with ``django.test.Client`` and drops the database again. The
developer's own database is never opened for writing. Timings are wall-clock per request,
rendering included; queries are counted on one request per page.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Count
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import AncientOne, Player, Scenario, Series, Session, Team

DEFAULT_SIZES = "1000,10000,100000"
MAX_TOP_UPS = 5  # seed_demo makes mostly approved games: a few top-ups reach the target


def percentile(samples: list[float], fraction: float) -> float:
    """The nearest-rank percentile of ``samples`` (0 < fraction <= 1)."""
    ordered = sorted(samples)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


class Command(BaseCommand):
    help = "Seed scratch databases with 1k/10k/100k approved games and time each public page."

    def add_arguments(self, parser):
        parser.add_argument(
            "--sizes", default=DEFAULT_SIZES, help="Approved games, comma-separated."
        )
        parser.add_argument("--repeat", type=int, default=10, help="Timed requests per page.")
        parser.add_argument("--seed", type=int, default=1, help="seed_demo's random seed.")

    def handle(self, *args, sizes, repeat, seed, **options):
        try:
            targets = [int(size) for size in sizes.split(",") if size.strip()]
        except ValueError as error:
            raise CommandError("--sizes takes whole numbers, e.g. 1000,10000") from error
        if not targets or min(targets) < 1 or repeat < 1:
            raise CommandError("--sizes must be positive and --repeat at least 1.")
        results = []
        for target in targets:
            results.extend(self.bench_size(target, repeat=repeat, seed=seed))
        self.print_table(results, repeat)

    def bench_size(self, target: int, *, repeat: int, seed: int) -> list[dict]:
        with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
            old_name = self.create_scratch_database(Path(folder))
            try:
                approved = self.seed(target, seed)
                self.stderr.write(f"{approved} approved games on {connection.vendor}; timing…")
                return [
                    {"size": approved, "page": label, **self.measure(url, repeat)}
                    for label, url in self.pages()
                ]
            finally:
                connection.creation.destroy_test_db(old_name, verbosity=0)

    def create_scratch_database(self, folder: Path) -> str:
        """Point the connection at a fresh test database; return the name to restore."""
        test_settings = connection.settings_dict.setdefault("TEST", {})
        if connection.vendor == "sqlite":
            test_settings["NAME"] = str(folder / "bench.sqlite3")
        else:
            test_settings["NAME"] = f"{connection.settings_dict['NAME']}_bench"
        old_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        return old_name

    def seed(self, target: int, seed: int) -> int:
        started = time.perf_counter()
        approved = 0
        for attempt in range(MAX_TOP_UPS):
            missing = target - approved
            if missing <= 0:
                break
            call_command("seed_demo", games=missing, seed=seed + attempt, stdout=_Null())
            approved = Session.objects.approved().count()
        self.stderr.write(f"Seeded in {time.perf_counter() - started:.1f} s.")
        return approved

    def pages(self) -> list[tuple[str, str]]:
        """Each public page, with realistic arguments picked from the seeded league."""
        player = Player.objects.annotate(n=Count("seats")).order_by("-n").first()
        ancient_one = (
            AncientOne.objects.annotate(n=Count("sessions")).order_by("-n", "name").first()
        )
        victory = Session.objects.approved().victories().order_by("-pk").first()
        leaderboard = reverse("league:leaderboard")
        standings = reverse("league:standings")
        team = Team.objects.annotate(n=Count("sessions")).order_by("-n").first()
        scenario = Scenario.objects.annotate(n=Count("sessions")).order_by("-n").first()
        series = Series.objects.order_by("pk").first()
        return [
            ("home", reverse("league:home")),
            ("leaderboard", leaderboard),
            ("leaderboard page 40, by date", f"{leaderboard}?sort=-played_on&page=40"),
            (
                "leaderboard filtered",
                f"{leaderboard}?ancient_one={ancient_one.slug}&investigators=4&boxes=arkham-horror",
            ),
            (
                "leaderboard CSV, one Ancient One",
                f"{leaderboard}?ancient_one={ancient_one.slug}&_export=csv",
            ),
            ("standings", standings),
            ("standings min 50, by win %", f"{standings}?min_games=50&sort=-win_pct"),
            ("player", player.get_absolute_url()),
            ("ancient ones", reverse("league:ancient_ones")),
            ("ancient one", ancient_one.get_absolute_url()),
            ("game page (compare)", victory.get_absolute_url()),
            ("teams", reverse("league:teams")),
            ("team", team.get_absolute_url()),
            ("scenarios", reverse("league:scenarios")),
            ("scenario board", scenario.get_absolute_url()),
            ("series", series.get_absolute_url()),
        ]

    def measure(self, url: str, repeat: int) -> dict:
        client = Client()
        connection.queries_log.clear()  # a full log (seeding) would hide the count
        with override_settings(ALLOWED_HOSTS=["testserver"], DEBUG=False):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            query_count = len(queries)  # read now: later requests reset the log
            if response.status_code != 200:
                raise CommandError(f"{url} answered {response.status_code}")
            timings = []
            for _ in range(repeat):
                started = time.perf_counter()
                client.get(url)
                timings.append((time.perf_counter() - started) * 1000)
        return {
            "p50": statistics.median(timings),
            "p95": percentile(timings, 0.95),
            "queries": query_count,
        }

    def print_table(self, results: list[dict], repeat: int) -> None:
        width = max(len(row["page"]) for row in results)
        self.stdout.write(
            f"\n{connection.vendor}, {repeat} timed requests per page (ms, in-process)\n"
        )
        self.stdout.write(
            f"| {'approved games':>14} | {'page':<{width}} | {'p50':>8} | {'p95':>8} | queries |"
        )
        self.stdout.write(f"|{'-' * 16}|{'-' * (width + 2)}|{'-' * 10}|{'-' * 10}|{'-' * 9}|")
        for row in results:
            self.stdout.write(
                f"| {row['size']:>14,} | {row['page']:<{width}} | {row['p50']:>8.1f} "
                f"| {row['p95']:>8.1f} | {row['queries']:>7} |"
            )


class _Null:
    """Swallow seed_demo's progress line."""

    def write(self, *args, **kwargs) -> None:
        pass

    def flush(self) -> None:
        pass
