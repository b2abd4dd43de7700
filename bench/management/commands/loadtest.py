"""Load-test the public pages under gunicorn with wrk, against a bare Django page.

    DATABASE_URL=postgres://… python manage.py loadtest     # or: make loadtest

Starts gunicorn (2 workers, DEBUG off, production settings with a throwaway secret key)
on the database DATABASE_URL names, waits until it answers, runs wrk (16 connections,
``--duration`` seconds) against the bare page (``bench.views``), the reference
page (a 50 × 8 table of links, the yardstick ``bench_pages`` compares a miss with) and
each public page, and stops gunicorn again. Twice: with the page cache warm (one request
first), then with it off (``LEAGUE_PAGE_CACHE_SECONDS=0``: every request renders).
Prints requests per second per page and the ratio to the bare page. Only reads the
league, unless ``--writes`` (mixed mode) is given: then games are also posted to the
server and approved there, and a task worker (``make run``'s) runs beside it.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django_scopes import scopes_disabled

from bench import mixed
from bench.benchmarks import PageError, public_pages
from bench.writer import write_setup

READY_SECONDS = 60  # gunicorn's workers import Django and connect before answering
REQUESTS_PER_SECOND = re.compile(r"Requests/sec:\s+([\d.]+)")
ERRORS = re.compile(r"Non-2xx or 3xx responses:\s+(\d+)")


class Command(BaseCommand):
    help = "gunicorn + wrk: requests per second of each public page vs a bare Django page."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--connections", type=int, default=16)
        parser.add_argument(
            "--duration", type=int, default=10, help="Seconds per URL (per rate with --writes)."
        )
        parser.add_argument(
            "--writes",
            default="",
            help="Mixed mode: games a second written while pages are read, e.g. 1 or 1,5 "
            "(each between two no-write runs). WRITES GAMES: use a copy of the league.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, port, workers, connections, duration, writes, **options):
        if not shutil.which("wrk"):
            raise CommandError("wrk is not installed (make loadtest installs Debian's).")
        if not os.environ.get("DATABASE_URL"):
            raise CommandError("Set DATABASE_URL to the league to load-test.")
        if not (1 <= duration <= 600 and 1 <= connections <= 256 and 1 <= workers <= 16):
            raise CommandError("--duration 1-600 s, --connections 1-256, --workers 1-16.")
        try:
            rates = mixed.parse_rates(writes) if writes else []
            pages = [("bare Django page (20 KB)", reverse("bench:bare"))]
            # The yardstick of a miss (bench_pages'): what "Django rendering a table" serves.
            pages.append(
                (
                    "reference (50 × 8 links)",
                    reverse("bench:reference"),
                )
            )
            pages += public_pages()
        except (PageError, ValueError) as error:
            raise CommandError(str(error)) from error
        self.base = f"http://127.0.0.1:{port}"
        self.wrk_args = ["-t2", f"-c{connections}", f"-d{duration}s"]
        static_root = Path(settings.STATIC_ROOT)
        collected_here = not static_root.exists()
        self.collect_static()
        try:
            if rates:
                paths = [dict(pages)[label] for label in mixed.MIXED_LABELS]
                with self.gunicorn(port, workers, None), self.task_worker():
                    results = self.run_mixed(paths, rates, duration)
            else:
                results = self.run_all(pages, workers, port)
        finally:
            if collected_here:  # leave the checkout as it was (tests expect no staticfiles/)
                shutil.rmtree(static_root, ignore_errors=True)
        if rates:
            self.print_mixed(results, workers, connections, duration)
        else:
            self.print_table([label for label, _ in pages], results, workers, connections, duration)

    def run_mixed(self, paths: list[str], rates: list[float], duration: int) -> list[dict]:
        """wrk on the mix at each write rate, the page cache warmed before each run."""
        setup = write_setup(self.base)  # the writers' accounts, made once before the threads
        results = []
        with mixed.temporary_folder() as folder:
            script = mixed.lua_script(folder, paths)
            for rate in rates:
                for path in paths:
                    self.fetch(path)
                writers = mixed.writers_for(setup, rate, duration + 5)
                jobs_before = mixed.last_job()
                for writer in writers:
                    writer.start()
                for writer in writers:  # a log-in (a password hashed) takes no write time
                    writer.logged_in.wait(timeout=120)
                try:
                    done = subprocess.run(
                        ["wrk", *self.wrk_args, "--latency", "--timeout", mixed.WRK_TIMEOUT]
                        + ["-s", str(script), self.base + "/"],
                        capture_output=True,
                        text=True,
                        check=True,
                        timeout=duration + 60,
                    )
                finally:
                    for writer in writers:
                        writer.stop()
                    for writer in writers:
                        writer.join(timeout=120)
                try:
                    result = mixed.parse_wrk(done.stdout)
                except ValueError as error:
                    raise CommandError(str(error)) from error
                jobs = mixed.ratings_jobs(jobs_before)
                result.update(target=rate, writer=mixed.writers_summary(writers), jobs=jobs)
                results.append(result)
                self.stderr.write(
                    f"writes {rate:g}/s: {result['rps']:,.1f} req/s, p99 {result['p99']:.0f} ms; "
                    f"{result['writer']['games']} games written and approved; ratings jobs: "
                    f"{jobs['started']} started, {jobs['done']} done, {jobs['failed']} failed, "
                    f"{jobs['left']} left"
                )
                for error in result["writer"]["errors"][:3]:
                    self.stderr.write(f"  writer error: {error}")
        return results

    def print_mixed(self, results, workers, connections, duration) -> None:
        self.stdout.write(
            f"\ngunicorn {workers} workers, DEBUG off, page cache on; wrk {connections} "
            f"connections, {duration} s per rate, a random mix of {len(mixed.MIXED_LABELS)} "
            "pages; × no writes: a write run's rate over the mean of the no-write runs just "
            "before and after it (a no-write run's: over the first); hit ratio from X-Cache, "
            "hits / (hits + misses), stale copies left out; games posted and approved over "
            "HTTP, a task worker running (write p50: the submission's and the approval's "
            "requests)\n"
        )
        self.stdout.write(
            "| writes/s asked | reached | read req/s | × no writes | p50 ms | p99 ms "
            "| hit ratio | write p50 ms | jobs left | errors |"
        )
        self.stdout.write("|---|---|---|---|---|---|---|---|---|---|")
        for index, row in enumerate(results):
            writer = row["writer"]
            if row["target"]:
                around = [r["rps"] for r in results[index - 1 : index + 2 : 2] if not r["target"]]
                base = statistics.mean(around)
            else:
                base = results[0]["rps"]
            self.stdout.write(
                f"| {row['target']:g} | {writer['rate']:.2f} | {row['rps']:,.1f} "
                f"| {row['rps'] / base:.2f} | {row['p50']:.1f} | {row['p99']:.1f} "
                f"| {row['hit_ratio']:.3f} | {writer['write_p50_ms']:.0f} "
                f"| {row['jobs']['left']} "
                f"| {row['errors'] + len(writer['errors']) + row['jobs']['failed']} |"
            )

    def run_all(self, pages: list[tuple[str, str]], workers: int, port: int) -> dict:
        """wrk on every page: first with the page cache warm, then with it off."""
        results = {}
        for mode, cache_seconds in (("cache", None), ("miss", "0")):
            with self.gunicorn(port, workers, cache_seconds):
                for label, url in pages:
                    if mode == "cache":
                        self.fetch(url)  # fill the page cache first
                    results[label, mode] = self.wrk(url)
                    # Requests wrk left queued would eat into the next page's run:
                    # one more request returns only once the workers are through them.
                    self.fetch(pages[0][1])
                    self.stderr.write(f"{mode:>5}  {label}: {results[label, mode][0]:,.1f} req/s")
        return results

    def server_env(self, cache_seconds: str | None) -> dict:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "league.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on the loopback
            "DJANGO_SECURE_COOKIES": "0",  # so the writers' log-ins hold over it
            "DJANGO_LOG_LEVEL": "WARNING",
            "LEAGUE_BENCH_VIEWS": "1",
        }
        if cache_seconds is not None:
            env["LEAGUE_PAGE_CACHE_SECONDS"] = cache_seconds
        return env

    def collect_static(self) -> None:
        """Production settings serve the hashed files of collectstatic (whitenoise)."""
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=settings.BASE_DIR,
            env=self.server_env(None),
            check=True,
        )

    @contextmanager
    def gunicorn(self, port: int, workers: int, cache_seconds: str | None):
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "league.wsgi:application",
            f"--workers={workers}",
            f"--bind=127.0.0.1:{port}",
            "--log-level=warning",
        ]
        with self.running(command, self.server_env(cache_seconds)) as server:
            self.wait_until_ready(server)
            yield

    @contextmanager
    def task_worker(self):
        """The task worker ``make run`` starts, on the server's settings: the ratings
        jobs the approvals start are run, as on a site."""
        command = [sys.executable, "manage.py", *mixed.worker_command(settings.REDIS_URL)]
        with self.running(command, self.server_env(None)) as worker:
            time.sleep(1)  # a worker that cannot start says so before the run, not after
            if worker.poll() is not None:
                raise CommandError(f"The task worker exited with code {worker.returncode}.")
            yield

    @contextmanager
    def running(self, command: list[str], env: dict):
        """``command`` running in the background until the block ends."""
        process = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env)
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def wait_until_ready(self, server: subprocess.Popen) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise CommandError(f"gunicorn exited with code {server.returncode}.")
            try:
                self.fetch(reverse("bench:bare"))
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.5)
        raise CommandError(f"gunicorn did not answer within {READY_SECONDS} s.")

    def fetch(self, url: str) -> None:
        with urllib.request.urlopen(self.base + url, timeout=60) as response:
            response.read()

    def wrk(self, url: str) -> tuple[float, int]:
        """(requests per second, non-2xx answers) of one wrk run."""
        done = subprocess.run(
            ["wrk", *self.wrk_args, self.base + url], capture_output=True, text=True, check=True
        )
        rate = REQUESTS_PER_SECOND.search(done.stdout)
        if rate is None:
            raise CommandError(f"Could not read wrk's output:\n{done.stdout}{done.stderr}")
        errors = ERRORS.search(done.stdout)
        return float(rate.group(1)), int(errors.group(1)) if errors else 0

    def print_table(self, labels, results, workers, connections, duration) -> None:
        bare = {mode: results[labels[0], mode][0] for mode in ("cache", "miss")}
        width = max(len(label) for label in labels)
        self.stdout.write(
            f"\ngunicorn {workers} workers, DEBUG off; wrk {connections} connections, "
            f"{duration} s per URL; ratio = page / bare page\n"
        )
        self.stdout.write(
            f"| {'page':<{width}} | cache req/s | ratio | miss req/s | ratio | errors |"
        )
        self.stdout.write(
            f"|{'-' * (width + 2)}|-------------|-------|------------|-------|--------|"
        )
        for label in labels:
            (warm, warm_errors), (miss, miss_errors) = (
                results[label, "cache"],
                results[label, "miss"],
            )
            self.stdout.write(
                f"| {label:<{width}} | {warm:>11,.1f} | {warm / bare['cache']:>5.2f} "
                f"| {miss:>10,.1f} | {miss / bare['miss']:>5.2f} | {warm_errors + miss_errors:>6} |"
            )
