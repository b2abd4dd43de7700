from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.files import File
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.template.defaultfilters import pluralize
from django_scopes import scopes_disabled

from games.imports.importer import results_import
from games.imports.limits import size_problem
from games.imports.progress import ProgressBar
from games.imports.reader import FileProblem, file_format
from games.imports.uploads import upload_store
from games.jobs.importing import results_import_start
from games.models import Status
from league.models import League

# Leagues an unknown --league's error names (a site may hold hundreds).
LEAGUES_NAMED = 10


class Command(BaseCommand):
    help = (
        "Read games from FILE (.csv or .xlsx in the results format). Every game is checked "
        "as the result form checks it; nothing is written if any game is invalid, unless "
        "--skip-invalid."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="A .csv or .xlsx file in the results format.")
        parser.add_argument(
            "--league",
            metavar="SLUG",
            help="The league (its address, e.g. arkham) the games, and the teams and "
            "scenarios the file names, belong to; needed when the site has several.",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Check and report; write nothing."
        )
        parser.add_argument(
            "--status",
            choices=[Status.APPROVED, Status.PENDING],
            help="Give every game this status (instead of the file's Status column).",
        )
        parser.add_argument(
            "--submitted-by",
            metavar="USERNAME",
            help="Record every game as submitted by this account.",
        )
        parser.add_argument(
            "--skip-invalid",
            action="store_true",
            help="Write the valid games and list the invalid ones (instead of writing none).",
        )
        parser.add_argument(
            "--background",
            action="store_true",
            help="Leave the import to a task worker (manage.py db_worker): the file is copied "
            "to the upload folder and the job's id printed; its progress and problems are "
            "under Background jobs in the admin.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(
        self,
        *args,
        file,
        dry_run,
        status,
        submitted_by,
        skip_invalid,
        league=None,
        background=False,
        **options,
    ):
        if background and dry_run:
            raise CommandError("--dry-run answers here; it cannot go to the background.")
        league = self._league(league)
        user = None
        if submitted_by:
            model = get_user_model()
            user = model.objects.filter(**{model.USERNAME_FIELD: submitted_by}).first()
            if user is None:
                raise CommandError(f"No account is called “{submitted_by}”.")
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file at {path}.")
        problem = size_problem(path.stat().st_size)
        if problem:
            raise CommandError(problem)
        if background:
            self._start(path, league=league, status=status, user=user, skip_invalid=skip_invalid)
            return
        bar = ProgressBar("Importing games", stream=options.get("stderr"))
        try:
            with path.open("rb") as stream:
                report = results_import(
                    stream,
                    path.name,
                    league=league,
                    status=status,
                    submitted_by=user,
                    dry_run=dry_run,
                    skip_invalid=skip_invalid,
                    progress=lambda fraction, games: bar.update(games, fraction),
                )
        except FileProblem as error:
            raise CommandError(str(error)) from None
        finally:
            bar.close()
        self._report(report, league=league, dry_run=dry_run)
        # A dry run fails as the real run would: scripts can check a file before importing it.
        if not report.ok and not skip_invalid:
            done = "Nothing would be imported" if dry_run else "Nothing was imported"
            raise CommandError(f"{done}: correct the problems above and retry.")

    def _league(self, slug: str | None) -> League:
        """The league named by ``--league``; without it, the site's only league."""
        leagues = League.objects.order_by("pk")
        if slug is not None:
            league = leagues.filter(slug=slug).first()
            if league is not None:
                return league
        elif leagues[:2].count() == 1:
            return leagues.get()
        slugs = list(leagues.values_list("slug", flat=True)[: LEAGUES_NAMED + 1])
        known = ", ".join(slugs[:LEAGUES_NAMED]) + (", …" if len(slugs) > LEAGUES_NAMED else "")
        if slug is None:
            raise CommandError(f"Name the league to import into with --league (one of: {known}).")
        raise CommandError(f"No league has the address “{slug}” (the leagues: {known}).")

    def _start(self, path: Path, *, league, status, user, skip_invalid: bool) -> None:
        try:
            suffix = "." + file_format(path.name)
        except FileProblem as error:
            raise CommandError(str(error)) from None
        with path.open("rb") as stream, transaction.atomic():
            token = upload_store(File(stream), suffix)
            job = results_import_start(
                token=token,
                name=path.name,
                league=league,
                status=status or "",
                submitted_by=user,
                skip_invalid=skip_invalid,
                user=user,
            )
        self.stdout.write(
            f"Job {job.pk} queued: a task worker imports {path.name} "
            "(its progress and any problems are under Background jobs in the admin)."
        )

    def _report(self, report, *, league: League, dry_run: bool) -> None:
        # A broken file of 100,000 games would scroll for ever: the report keeps the first
        # LEAGUE_IMPORT_MAX_PROBLEMS of each list and counts the rest.
        for problem in report.problems:
            game = f" (game {problem.game})" if problem.game else ""
            self.stderr.write(f"{problem}{game}")
        if report.problems.more:
            self.stderr.write(f"… and {report.problems.more} more problems.")
        for duplicate in report.duplicates:
            self.stdout.write(f"line {duplicate.line} (game {duplicate.game}): {duplicate.message}")
        if report.duplicates.more:
            self.stdout.write(f"… and {report.duplicates.more} more duplicates.")
        summary = (
            f"{report.games} games read: {report.valid} valid, "
            f"{report.invalid_games.total} invalid, {report.duplicates.total} duplicates skipped."
        )
        self.stdout.write(summary)
        if report.invalid_games:
            more = report.invalid_games.more
            self.stdout.write(
                "Invalid games: "
                + ", ".join(report.invalid_games)
                + (f" and {more} more" if more else "")
            )
        if dry_run:
            self.stdout.write("Dry run: nothing was written.")
        elif report.written:
            self.stdout.write(
                self.style.SUCCESS(
                    f"{report.created} game{pluralize(report.created)} imported into {league} "
                    f"({league.slug})."
                )
            )
