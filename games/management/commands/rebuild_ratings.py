"""Rate every approved game again, in order (after an upgrade, a bulk load, or to check)."""

import time

from django.core.management.base import BaseCommand
from django.db import transaction
from django_scopes import scopes_disabled

from games.jobs.tasks import ratings_replay_start
from games.models import RatingBacklog
from games.ratings.replay import ratings_replay


class Command(BaseCommand):
    help = (
        "Rebuild every player's, Ancient One's and table's rating from the approved games "
        "(date played, then submission, then number)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--background",
            action="store_true",
            help="Leave the rebuild to a task worker (manage.py db_worker); print the job's id.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, background=False, **options):
        if background:
            job = ratings_replay_start(everything=True)
            self.stdout.write(
                f"Job {job.pk} queued: a task worker rebuilds the ratings "
                "(its progress is under Background jobs in the admin)."
            )
            return
        started = time.perf_counter()
        with transaction.atomic():
            # Everything is replayed: whatever the backlog named is covered.
            RatingBacklog.objects.all().delete()
            games = ratings_replay()
        self.stdout.write(f"Rated {games:,} games in {time.perf_counter() - started:.1f} s.")
