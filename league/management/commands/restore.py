"""Restore a backup made by ``manage.py backup`` (``make restore FILE=...``): everything in
the target database is replaced by the backup's contents."""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django_scopes import scopes_disabled

from league.ops.backups import BackupError, restore_database


class Command(BaseCommand):
    help = "Replace the database's contents with a backup file."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="A file written by manage.py backup.")
        parser.add_argument(
            "--into",
            metavar="DATABASE_URL",
            help="Restore into this database instead of the configured one.",
        )
        parser.add_argument(
            "--no-input",
            "--noinput",
            action="store_false",
            dest="interactive",
            help="Do not ask for confirmation.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, file: Path, into: str | None, interactive: bool, **options):
        database = dj_database_url.parse(into) if into else connections["default"].settings_dict
        name = database["NAME"]
        if interactive:
            try:
                answer = input(f"Replace everything in {name} with {file}? Type 'yes' to go on: ")
            except EOFError:  # no terminal to ask: never replace data unasked
                answer = ""
            if answer.strip().lower() != "yes":
                raise CommandError("Restore cancelled; nothing was changed.")
        connections.close_all()  # no open connection of ours holds the database meanwhile
        try:
            restore_database(database, file)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(f"Restored {file} into {name}"))
