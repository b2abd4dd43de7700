from django.conf import settings
from django.core.management.base import BaseCommand
from django_scopes import scopes_disabled

from games.jobs.files import exports_sweep


class Command(BaseCommand):
    help = (
        "Delete export files past LEAGUE_EXPORT_MAX_AGE (a day by default) from "
        "LEAGUE_EXPORT_DIR, and mark export jobs no worker finished in that time as failed. "
        "Each new export job does it too."
    )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, **options):
        removed = exports_sweep()
        self.stdout.write(f"{removed} export file(s) removed from {settings.LEAGUE_EXPORT_DIR}.")
