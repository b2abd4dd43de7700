from django.core.management.base import BaseCommand
from django.template.defaultfilters import pluralize
from django_scopes import scopes_disabled

from games.jobs.stale import jobs_fail_stopped, jobs_requeue


class Command(BaseCommand):
    help = (
        "Mark as failed the running jobs whose worker stopped (no heartbeat for "
        "LEAGUE_JOB_STALE_SECONDS): nothing of them was applied; enqueue again the queued "
        "jobs the task queue lost. Run before starting workers, and from cron."
    )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, **options):
        stopped, requeued = jobs_fail_stopped(), jobs_requeue()
        self.stdout.write(
            f"{stopped} stopped job{pluralize(stopped)} marked failed; "
            f"{requeued} lost queued job{pluralize(requeued)} enqueued again or failed."
        )
