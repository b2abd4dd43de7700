"""Recompute every summary row from the games (after a bulk load, or to check upkeep)."""

import time

from django.core.management.base import BaseCommand, CommandError

from games.summaries import summaries_differences, summaries_rebuild


class Command(BaseCommand):
    help = "Recompute the league's summary rows (standings, records, histograms) from the games."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Only compare the stored rows with a fresh recomputation; fail if they differ.",
        )

    def handle(self, *args, check, **options):
        started = time.perf_counter()
        if check:
            problems = summaries_differences()
            if problems:
                raise CommandError("Summaries differ from the games:\n" + "\n".join(problems))
            self.stdout.write(
                f"Summaries agree with the games ({time.perf_counter() - started:.1f} s)."
            )
            return
        rows = summaries_rebuild()
        self.stdout.write(f"Rebuilt {rows} summary rows in {time.perf_counter() - started:.1f} s.")
