import time

from django.core.management.base import BaseCommand
from django_scopes import scopes_disabled

from games.models import Session
from games.scoring import sessions_rescore, sessions_rescore_stored


class Command(BaseCommand):
    help = "Recompute every stored score and team total (after a doom-track fix, say)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--ancient-one", help="Only games against this Ancient One (its slug or name)."
        )
        parser.add_argument(
            "--from-seats",
            action="store_true",
            help="Also recompute each game's totals from its seats, game by game (slow: for "
            "seats changed outside the site). By default scores are recomputed from the "
            "totals stored on each game.",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, ancient_one=None, from_seats=False, **options):
        sessions = Session.objects.all()
        if ancient_one:
            sessions = sessions.filter(ancient_one__slug=ancient_one) | sessions.filter(
                ancient_one__name__iexact=ancient_one
            )
        reason = "Recomputed by recompute_scores" + (f" for {ancient_one}" if ancient_one else "")
        rescore = sessions_rescore if from_seats else sessions_rescore_stored
        started = time.perf_counter()
        changed = rescore(sessions, reason=reason)
        elapsed = time.perf_counter() - started
        self.stdout.write(f"{changed} of {sessions.count()} games rescored in {elapsed:.1f} s.")
