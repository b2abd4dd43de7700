"""Recompute every summary row from the games (after a bulk load, or to check upkeep)."""

import time

from django.core.management.base import BaseCommand, CommandError
from django_scopes import scopes_disabled

from games.jobs.tasks import summaries_rebuild_start
from games.summaries import summaries_differences, summaries_rebuild


class Command(BaseCommand):
    help = "Recompute the league's summary rows (standings, records, histograms) from the games."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Only compare the stored rows with a fresh recomputation; fail if they differ.",
        )
        parser.add_argument(
            "--background",
            action="store_true",
            help="Leave the rebuild to a task worker (manage.py db_worker); print the job's id.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, check, background=False, **options):
        if background:
            if check:
                raise CommandError("--check runs here; it cannot go to the background.")
            job = summaries_rebuild_start()
            self.stdout.write(
                f"Job {job.pk} queued: a task worker rebuilds the summaries "
                "(its progress is under Background jobs in the admin)."
            )
            return
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
