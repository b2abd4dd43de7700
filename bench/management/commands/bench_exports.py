"""Time the biggest table export -- the leaderboard of every approved victory -- on the
configured database, as CSV and as XLSX, read-only.

    python manage.py bench_exports                   # CSV then XLSX
    python manage.py bench_exports --formats xlsx --chunk-size 5000
    python manage.py bench_exports --results        # also every approved game, results format

Each export runs in-process through the leaderboard view exactly as a download would
(``?_export=csv``), with DEBUG off so no query log grows, and its whole body is read and
thrown away. Printed per format: rows, wall-clock and CPU seconds (this process's own; on
a shared machine wall time also counts waiting for a core), rows per wall second, bytes,
and the growth of the process's peak resident memory (``ru_maxrss``; a later format only
shows growth past the earlier one's peak, so run one format per call for a clean figure).
"""

from __future__ import annotations

import io
import resource
import sys
import tempfile
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django_scopes import scopes_disabled

from games.imports.exporter import sessions_for_export, write_csv, write_xlsx
from games.models import Status
from league.current import active_slug
from league.models import League
from league.pages import exports
from league.pages.games import LeaderboardView
from league.queries.games import league_games


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def body_size(response) -> int:
    """Read the whole response, as a client would, and return its length in bytes."""
    size = 0
    for piece in response if response.streaming else [response.content]:
        size += len(piece)
    response.close()
    return size


class Command(BaseCommand):
    help = "Time the full leaderboard export (every approved victory) as CSV and XLSX."

    def add_arguments(self, parser):
        parser.add_argument("--formats", default="csv,xlsx", help="csv, xlsx or both.")
        parser.add_argument(
            "--chunk-size",
            type=int,
            default=exports.CHUNK_SIZE,
            help="Records per database round trip.",
        )
        parser.add_argument(
            "--results",
            action="store_true",
            help="Also time export_results of every approved game (one row per seat).",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, formats, chunk_size, results, **options):
        chosen = [name.strip() for name in formats.split(",") if name.strip()]
        if not chosen or set(chosen) - set(exports.FORMATS) or chunk_size < 1:
            raise CommandError("--formats takes csv and/or xlsx; --chunk-size at least 1.")
        exports.CHUNK_SIZE = chunk_size
        rows = league_games(League.objects.first_league()).victories().count()
        self.stdout.write(
            f"{connection.vendor} {connection.settings_dict['NAME']}: {rows:,} approved "
            f"victories, chunks of {chunk_size:,}"
        )
        self.stdout.write(
            f"{'format':<6} {'rows':>10} {'wall s':>8} {'CPU s':>7} {'rows/s':>9} "
            f"{'MB out':>8} {'peak RSS growth MB':>19}"
        )
        for export_format in chosen:
            seconds, cpu, size, growth = self.measure(export_format)
            self.stdout.write(
                f"{export_format:<6} {rows:>10,} {seconds:>8.1f} {cpu:>7.1f} "
                f"{rows / seconds:>9,.0f} {size / 1e6:>8.1f} {growth:>19.0f}"
            )
        if results:
            seats = sessions_for_export(Status.APPROVED).count()
            self.stdout.write(f"export_results --status approved: {seats:,} games")
            for export_format in chosen:
                seconds, cpu, size, growth = self.measure_results(export_format)
                self.stdout.write(
                    f"{export_format:<6} {seats:>10,} {seconds:>8.1f} {cpu:>7.1f} "
                    f"{seats / seconds:>9,.0f} {size / 1e6:>8.1f} {growth:>19.0f}"
                )

    def measure(self, export_format: str) -> tuple[float, float, int, float]:
        request = RequestFactory().get(
            reverse("league:leaderboard", args=[active_slug()]), {"_export": export_format}
        )
        view = LeaderboardView.as_view()
        before = peak_rss_mb()
        with override_settings(DEBUG=False):
            started, cpu_started = time.perf_counter(), time.process_time()
            size = body_size(view(request))
            seconds = time.perf_counter() - started
            cpu = time.process_time() - cpu_started
        return seconds, cpu, size, peak_rss_mb() - before

    def measure_results(self, export_format: str) -> tuple[float, float, int, float]:
        """The results-format export of every approved game (``export_results``)."""
        before = peak_rss_mb()
        with override_settings(DEBUG=False), tempfile.TemporaryFile() as target:
            started, cpu_started = time.perf_counter(), time.process_time()
            sessions = sessions_for_export(Status.APPROVED)
            if export_format == exports.CSV:
                text = io.TextIOWrapper(target, encoding="utf-8", newline="")
                write_csv(text, sessions)
                text.flush()
                text.detach()
            else:
                write_xlsx(target, sessions)
            seconds = time.perf_counter() - started
            cpu = time.process_time() - cpu_started
            size = target.tell()
        return seconds, cpu, size, peak_rss_mb() - before
