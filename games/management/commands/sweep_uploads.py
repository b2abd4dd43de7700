from django.conf import settings
from django.core.management.base import BaseCommand
from django_scopes import scopes_disabled

from games.imports.uploads import uploads_sweep


class Command(BaseCommand):
    help = (
        "Delete uploaded results files nobody confirmed, older than LEAGUE_UPLOAD_MAX_AGE "
        "(a day by default), from LEAGUE_UPLOAD_DIR. Each new upload does it too."
    )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, **options):
        removed = uploads_sweep()
        self.stdout.write(f"{removed} stale upload(s) removed from {settings.LEAGUE_UPLOAD_DIR}.")
