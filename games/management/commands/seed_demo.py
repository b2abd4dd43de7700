import secrets
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django_scopes import scopes_disabled

from games.bulk.demo_login import demo_player, demo_staff_login
from games.bulk.league import demo_leagues, demo_memberships, demo_seasons
from games.bulk.seed import seed_leagues
from games.models import Session
from league.models import League

# The demo staff account may only ever be created in a database named like this (Makefile).
DEMO_DATABASE_MARK = "demo"
# The most leagues one run makes (bench_pages' many-league databases stay under it).
MAX_LEAGUES = 1000


class Command(BaseCommand):
    help = "Fill the database with realistic demo leagues (use a separate demo database)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000, help="How many games to add.")
        parser.add_argument("--seed", type=int, default=1, help="Random seed (repeatable).")
        parser.add_argument("--players", type=int, default=36, help="Players per league.")
        parser.add_argument(
            "--leagues",
            type=int,
            default=1,
            help="How many leagues share the games: the first league, then others (the third "
            "is invitation-only); a quarter of each league's players also play in the next.",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="Do nothing when games already exist."
        )
        parser.add_argument(
            "--demo-login",
            action="store_true",
            help='Create (or reset) the staff user "demo" with a random password and print it; '
            "it moderates, and plays as a league player in a team it captains. Refused unless "
            "the database is a demo one.",
        )

    def progress(self, done: int, seconds: float) -> None:
        """A line per batch on stderr, so a million-game load shows it is moving."""
        if self.verbosity > 1:
            self.stderr.write(f"{done:,} games in {seconds:.0f} s ({done / seconds:,.0f}/s)")

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, games, seed, players, if_empty, demo_login, leagues=1, **options):
        self.verbosity = options["verbosity"]
        if games < 0 or players < 1 or not 1 <= leagues <= MAX_LEAGUES:
            raise CommandError(
                f"--games must be 0 or more, --players at least 1 and --leagues 1 to {MAX_LEAGUES}."
            )
        database = Path(str(settings.DATABASES["default"]["NAME"])).name
        if demo_login and DEMO_DATABASE_MARK not in database:
            raise CommandError(
                f"--demo-login only works on a demo database (its name contains "
                f"{DEMO_DATABASE_MARK!r}), not {database!r}."
            )
        existing = Session.objects.count() if if_empty else 0
        if existing:
            self.stdout.write(
                f"{database} already has {existing:,} games: nothing seeded (asked for "
                f"{games:,}). `make demo-reset` rebuilds it with DEMO_GAMES games."
            )
            seeded = list(League.objects.order_by("pk")[:leagues])
        else:
            seeded = demo_leagues(leagues)
            started = time.perf_counter()
            created = seed_leagues(
                seeded, games=games, seed=seed, players=players, progress=self.progress
            )
            elapsed = time.perf_counter() - started
            rate = created / elapsed if elapsed else 0
            self.stdout.write(
                f"{created:,} demo games seeded in {elapsed:.1f} s ({rate:,.0f} games/s)."
            )
        for league in seeded:
            finished, running = demo_seasons(league)
            games_there = Session.objects.filter(league=league).count()
            self.stdout.write(
                f"{league} (/l/{league.slug}/, {league.visibility}): "
                f"{games_there:,} games; seasons {finished} (finished) and {running} (running)."
            )
        user = None
        if demo_login:
            password = secrets.token_urlsafe(12)
            user = demo_staff_login(password)
            self.stdout.write(
                f"Demo staff login: username {user.username!r}, password {password!r} "
                f"(on {connection.settings_dict['NAME']} only; a new password every run)."
            )
            playing = demo_player(user, seeded[0])
            self.stdout.write(
                f"It plays as {playing.player}, captain of {playing.team}, who played "
                f"{playing.games} of the team's approved games."
            )
        added = demo_memberships(user, seeded[0])
        if added and self.verbosity > 1:
            self.stderr.write(f"{added} memberships added.")
