from django.core.management.base import BaseCommand

from games.jobs.stale import jobs_sweep


class Command(BaseCommand):
    help = (
        "Mark as failed the running jobs whose worker stopped (no heartbeat for "
        "LEAGUE_JOB_STALE_SECONDS): nothing of them was applied. Run before starting workers."
    )

    def handle(self, *args, **options):
        swept = jobs_sweep()
        self.stdout.write(f"{swept} stopped jobs marked failed.")
