import time

from django.core.management.base import BaseCommand, CommandError

from games.demo import seed_league
from games.models import Session


class Command(BaseCommand):
    help = "Fill the database with a realistic demo league (use a separate demo database)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000, help="How many games to add.")
        parser.add_argument("--seed", type=int, default=1, help="Random seed (repeatable).")
        parser.add_argument("--players", type=int, default=36, help="League members.")
        parser.add_argument(
            "--if-empty", action="store_true", help="Do nothing when games already exist."
        )

    def handle(self, *args, games, seed, players, if_empty, **options):
        if games < 0 or players < 1:
            raise CommandError("--games must be 0 or more and --players at least 1.")
        if if_empty and Session.objects.exists():
            self.stdout.write("The database already has games: nothing seeded.")
            return
        started = time.perf_counter()
        created = seed_league(games=games, seed=seed, players=players)
        self.stdout.write(f"{created} demo games seeded in {time.perf_counter() - started:.1f} s.")
