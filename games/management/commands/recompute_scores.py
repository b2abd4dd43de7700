from django.core.management.base import BaseCommand

from games.models import Session
from games.scoring import sessions_rescore


class Command(BaseCommand):
    help = "Recompute every stored score and team total (after a doom-track fix, say)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--ancient-one", help="Only games against this Ancient One (its slug or name)."
        )

    def handle(self, *args, ancient_one=None, **options):
        sessions = Session.objects.all()
        if ancient_one:
            sessions = sessions.filter(ancient_one__slug=ancient_one) | sessions.filter(
                ancient_one__name__iexact=ancient_one
            )
        reason = "Recomputed by recompute_scores" + (f" for {ancient_one}" if ancient_one else "")
        changed = sessions_rescore(sessions, reason=reason)
        self.stdout.write(f"{changed} of {sessions.count()} games rescored.")
