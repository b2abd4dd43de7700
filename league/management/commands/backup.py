"""Back up the league's database into ``backups/`` (``make backup``)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django_scopes import scopes_disabled

from league.ops.backups import BackupError, backup_database


class Command(BaseCommand):
    help = "Back up the database (SQLite: online copy; PostgreSQL: pg_dump custom format)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir",
            type=Path,
            default=settings.BASE_DIR / "backups",
            help="Folder for the backup file (default: backups/ in the project).",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, dir: Path, **options):
        try:
            path = backup_database(connections["default"].settings_dict, dir)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(f"Backed up to {path}"))
