"""A big results file for timing imports: COPIES copies of SOURCE's games as new games.

Each copy's games get new references ("17-3") and their location marked ("Club night
#3"), so none is a repeat of another inside the file; everything else (dates, submission
times, players, teams, scenarios) is kept, so every copy is as valid as the source. E.g.
``export_results`` of ``league_bench_10k``, ten copies: a 100,000-game file.
"""

import csv
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django_scopes import scopes_disabled


class Command(BaseCommand):
    help = "Write DEST: COPIES copies of the games of the results file SOURCE (CSV)."

    def add_arguments(self, parser):
        parser.add_argument("source", help="A .csv results file (export_results writes one).")
        parser.add_argument("dest", help="Where to write the bigger .csv file.")
        parser.add_argument("--copies", type=int, default=10)

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, source, dest, copies, **options):
        if copies < 1:
            raise CommandError("--copies must be 1 or more.")
        with Path(source).open(newline="", encoding="utf-8") as stream:
            header, *rows = list(csv.reader(stream))
        try:
            game, location = header.index("Game"), header.index("Location")
        except ValueError:
            raise CommandError(f"{source} has no Game and Location columns.") from None
        with Path(dest).open("w", newline="", encoding="utf-8") as stream:
            out = csv.writer(stream)
            out.writerow(header)
            for copy in range(copies):
                for row in rows:
                    row = list(row)
                    row[game] = f"{row[game]}-{copy}"
                    row[location] = f"{row[location]} #{copy}".strip()
                    out.writerow(row)
        self.stdout.write(f"{len(rows) * copies} rows written to {dest}.")
