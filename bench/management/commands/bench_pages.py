"""Measure every public league page at several league sizes, in one table.

    python manage.py bench_pages                       # 1k, 10k, 100k approved games
    python manage.py bench_pages --sizes 1000,10000 --repeat 20
    python manage.py bench_pages --sizes 10000,1000000 \\
        --databases league_bench_10k,league_bench_1m   # seeded once, kept, reused

Without ``--databases`` each size gets a fresh scratch database beside the configured
one (a temporary SQLite file, or ``<name>_bench`` on PostgreSQL), seeded with
``seed_demo`` and dropped afterwards. With ``--databases`` (one per size, same order;
file paths on SQLite) a database that already holds games is reused as it is (after
``migrate``), and a missing or empty one is created, seeded to its size and kept, so a
million-game league is built once. The developer's own database is never written.

Each page is requested in-process with ``django.test.Client``: p50/p95 of ``--repeat``
timed requests (rendering included), the median CPU time of the process per request,
queries and HTML size of one request, and per page the ratio of the largest league's
figure to the smallest's. ``--cache warm`` times pages served from the page cache,
``miss`` with it off (every request renders; the filter choices are still read from the
cache, as after a game write, which keeps them), ``cold`` with the whole cache cleared
before every request (the first render after a restart, or after a new player, team or
season replaced the choices), ``fragments`` with the page cache on and the page's own copy
dropped before every request, so it renders with its fragments kept (another page, sort
or filter of the same subject).

**× ref**: a page's CPU per request over the CPU of the reference page measured beside
it (``bench.views.reference``: a Django template of a 50 × 8 table of links
inside ``base.html``, through the same middleware, as a miss, requested after each timed
request of the page; its own row is measured before and after the league's pages).
CPU, not wall time, so a busy machine or a slow database answer moves
it little; for a miss it says how much more than "Django rendering a table" the page
costs (the goal: at most 3×).
"""

from __future__ import annotations

import math
import statistics
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.urls import reverse
from django_scopes import scopes_disabled

from bench.benchmarks import (
    REFERENCE_LABEL,
    PageError,
    measure_page,
    measure_reference,
    public_pages,
)
from games.models import Session

DEFAULT_SIZES = "1000,10000,100000"
MAX_TOP_UPS = 5  # seed_demo makes mostly approved games: a few top-ups reach the target
APPROVED_SHARE = 0.9  # a little under seed_demo's 92 %, so one load nearly always does
# warm: served from the page cache; miss: the page cache off, the other caches as a game
# write leaves them; cold: the whole cache cleared before every request; fragments: the
# page cache on, the page's own copy dropped before every request (its fragments kept).
CACHE_MODES = {
    "warm": ("warm",),
    "miss": ("miss",),
    "cold": ("cold",),
    "fragments": ("fragments",),
    "both": ("warm", "miss"),
    "all": ("warm", "miss", "cold"),
}


class Command(BaseCommand):
    help = "Time each public page at several league sizes (p50/p95, queries, HTML, ratios)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--sizes", default=DEFAULT_SIZES, help="Approved games, comma-separated."
        )
        parser.add_argument(
            "--databases",
            default="",
            help="One database per size (comma-separated, same order; file paths on "
            "SQLite): reused when it holds games, else created, seeded and kept.",
        )
        parser.add_argument("--repeat", type=int, default=10, help="Timed requests per page.")
        parser.add_argument("--seed", type=int, default=1, help="seed_demo's random seed.")
        parser.add_argument(
            "--cache",
            choices=sorted(CACHE_MODES),
            default="both",
            help="Time pages from a warm page cache (warm), with the page cache off (miss: "
            "the filter choices still cached, as after a game write), with the whole cache "
            "cleared before every request (cold), with the page's own copy dropped before "
            "every request and its fragments kept (fragments), warm and miss (both), or "
            "warm, miss and cold (all).",
        )
        parser.add_argument(
            "--exports", action="store_true", help="Also time a CSV export of one Ancient One."
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, sizes, databases, repeat, seed, cache, exports, **options):
        try:
            targets = [int(size) for size in sizes.split(",") if size.strip()]
        except ValueError as error:
            raise CommandError("--sizes takes whole numbers, e.g. 1000,10000") from error
        names = [name.strip() for name in databases.split(",") if name.strip()]
        if not targets or min(targets) < 1 or repeat < 1:
            raise CommandError("--sizes must be positive and --repeat at least 1.")
        if names and len(names) != len(targets):
            raise CommandError("--databases needs one database per size, in the same order.")
        self.repeat, self.random_seed, self.exports = repeat, seed, exports
        self.misses = CACHE_MODES[cache]
        results = []
        for index, target in enumerate(targets):
            database = (
                self.kept_database(names[index], target) if names else self.scratch_database(target)
            )
            with database:
                results.append(self.bench_league())
        self.print_table(results)

    # -- databases ---------------------------------------------------------------------

    @contextmanager
    def scratch_database(self, target: int):
        """A fresh test database, seeded to ``target``, dropped on exit."""
        with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
            test_settings = connection.settings_dict.setdefault("TEST", {})
            if connection.vendor == "sqlite":
                test_settings["NAME"] = str(Path(folder) / "bench.sqlite3")
            else:
                test_settings["NAME"] = f"{connection.settings_dict['NAME']}_bench"
            old_name = connection.settings_dict["NAME"]
            connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
            try:
                self.seed(target)
                yield
            finally:
                connection.creation.destroy_test_db(old_name, verbosity=0)

    @contextmanager
    def kept_database(self, name: str, target: int):
        """Point the connection at ``name`` (created and seeded when empty); restore on exit."""
        old_name = connection.settings_dict["NAME"]
        connection.close()
        try:
            if connection.vendor != "sqlite":
                # Created from the server's own "postgres" database, as createdb does.
                connection.settings_dict["NAME"] = "postgres"
                with connection.cursor() as cursor:
                    cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
                    if cursor.fetchone() is None:
                        cursor.execute(f"CREATE DATABASE {connection.ops.quote_name(name)}")
                connection.close()
            connection.settings_dict["NAME"] = name
            call_command("migrate", verbosity=0)
            if Session.objects.exists():
                self.stderr.write(f"Reusing {name} as it is.")
            else:
                self.seed(target)
            yield
        finally:
            connection.close()
            connection.settings_dict["NAME"] = old_name

    def seed(self, target: int) -> None:
        """Seed the current database until it holds about ``target`` approved games."""
        started = time.perf_counter()
        approved = 0
        for attempt in range(MAX_TOP_UPS):
            missing = target - approved
            if missing <= 0:
                break
            games = math.ceil(missing / APPROVED_SHARE) if attempt == 0 else missing
            call_command("seed_demo", games=games, seed=self.random_seed + attempt, stdout=_Null())
            approved = Session.objects.approved().count()
        self.stderr.write(
            f"Seeded {approved:,} approved games in {time.perf_counter() - started:.1f} s."
        )

    # -- measuring ---------------------------------------------------------------------

    def bench_league(self) -> dict:
        approved = Session.objects.approved().count()
        self.stderr.write(f"{approved:,} approved games on {connection.vendor}; timing…")
        try:
            pages = public_pages(exports=self.exports)
            before = measure_reference(self.repeat)
            reference_url = reverse("bench:reference")
            rows = {
                (label, mode): measure_page(
                    url,
                    self.repeat,
                    cache_miss=mode != "warm",
                    cold=mode == "cold",
                    fragments=mode == "fragments",
                    beside=reference_url,
                )
                for mode in self.misses
                for label, url in pages
            }
            after = measure_reference(self.repeat)
        except PageError as error:
            raise CommandError(str(error)) from error
        # Measured first and last, so a machine that got busier meanwhile shows in both.
        samples = before["cpu_samples"] + after["cpu_samples"]
        reference = {**before, "cpu": statistics.median(samples), "cpu_samples": samples}
        rows = {(REFERENCE_LABEL, "miss"): reference, **rows}
        return {"size": approved, "rows": rows, "reference_cpu": reference["cpu"]}

    def print_table(self, results: list[dict]) -> None:
        """One row per page and cache state: each size's figures, then the ratios."""
        small, large = min(results, key=lambda r: r["size"]), max(results, key=lambda r: r["size"])
        keys = list(results[0]["rows"])
        width = max(len(self.label(key)) for key in keys)
        self.stdout.write(
            f"\n{connection.vendor}, {self.repeat} timed requests per page (ms, in-process; "
            f"CPU = this process's CPU per request, median); × ref = CPU / the reference "
            f"page's CPU measured beside it; ratio = {large['size']:,} games / "
            f"{small['size']:,} games\n"
        )
        head = f"| {'page':<{width}} |"
        rule = f"|{'-' * (width + 2)}|"
        for result in results:
            size = _short(result["size"])
            head += (
                f" {size + ' p50':>10} | {size + ' p95':>10} | {size + ' CPU':>10} "
                f"| {'× ref':>6} | {'queries':>7} | {'KB':>7} |"
            )
            rule += f"{'-' * 12}|{'-' * 12}|{'-' * 12}|{'-' * 8}|{'-' * 9}|{'-' * 9}|"
        head += " p50 ratio | HTML ratio |"
        rule += f"{'-' * 11}|{'-' * 12}|"
        self.stdout.write(head)
        self.stdout.write(rule)
        for key in keys:
            line = f"| {self.label(key):<{width}} |"
            for result in results:
                row = result["rows"][key]
                times_reference = row["cpu"] / (row.get("beside_cpu") or result["reference_cpu"])
                line += (
                    f" {row['p50']:>10.1f} | {row['p95']:>10.1f} | {row['cpu']:>10.1f} "
                    f"| {times_reference:>5.1f}× | {row['queries']:>7} "
                    f"| {row['bytes'] / 1024:>7.1f} |"
                )
            first, last = small["rows"][key], large["rows"][key]
            line += (
                f" {last['p50'] / first['p50']:>8.2f}× | {last['bytes'] / first['bytes']:>9.2f}× |"
            )
            self.stdout.write(line)

    def label(self, key: tuple[str, str]) -> str:
        page, mode = key
        return page if mode == "warm" else f"{page} ({mode})"


def _short(size: int) -> str:
    """10,000 → 10k, 1,000,000 → 1M (column headings)."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.3g}M"
    if size >= 1000:
        return f"{size / 1000:.3g}k"
    return str(size)


class _Null:
    """Swallow seed_demo's progress line."""

    def write(self, *args, **kwargs) -> None:
        pass

    def flush(self) -> None:
        pass
