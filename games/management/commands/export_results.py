from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django_scopes import scopes_disabled

from games.imports.exporter import (
    seat_rows,
    sessions_for_export,
    write_csv,
    write_xlsx,
)
from games.imports.progress import ProgressBar
from games.imports.reader import FileProblem, file_format
from games.models import Status
from games.spreadsheets import SHEET_MAX_ROWS
from league.models import League


class Command(BaseCommand):
    help = "Write every game (or those with --status) to FILE (.csv or .xlsx), one row per seat."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Where to write: a .csv or .xlsx path.")
        parser.add_argument("--status", choices=Status.values, help="Only games with this status.")
        parser.add_argument("--league", help="Only the games of the league with this slug.")

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, file, status, league=None, **options):
        try:
            kind = file_format(file)
        except FileProblem as error:
            raise CommandError(str(error)) from None
        chosen = None
        if league:
            chosen = League.objects.filter(slug=league).first()
            if chosen is None:
                raise CommandError(f"No league has the slug {league!r}.")
        sessions = sessions_for_export(status, chosen)
        total = sessions.count()
        if kind != "csv" and (rows := seat_rows(sessions)) >= SHEET_MAX_ROWS:
            raise CommandError(
                f"These games fill {rows:,} rows (one per seat), more than an XLSX sheet holds "
                f"({SHEET_MAX_ROWS - 1:,} under its header): export them as CSV."
            )
        bar = ProgressBar("Exporting games", total=total, stream=options.get("stderr"))
        path = Path(file)
        if kind == "csv":
            with path.open("w", encoding="utf-8", newline="") as stream:
                write_csv(stream, sessions, bar.update)
        else:
            write_xlsx(path, sessions, bar.update)
        bar.update(total, force=True)
        bar.close()
        self.stdout.write(f"{total} games written to {path}.")
