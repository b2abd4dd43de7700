"""Time a game's writes on the configured database, leaving it as it was.

    python manage.py bench_writes [--repeat 20] [--days-back 0] [--profile FILE]

One game written the way a league night writes it, each step through the real path, the
whole rolled back afterwards (so a big benchmark league stays untouched):

- a member's submission of the result form (pending: nothing public changes),
- a moderator's approval of that game (summaries kept on write),
- its rating update (the ratings job's work: ``ratings_catch_up``, a replay from the game);

and apart, a moderator's submission (approved at once). What a step leaves for after the
commit (the page cache's version bump, the job's enqueueing) runs inside its timing, in
the transaction (Django's ``TestCase.captureOnCommitCallbacks``); the commit is not
timed. CPU is this process's (``time.process_time``): the database server's work is not
in it, the wall time has it. ``--days-back`` dates the game that many days before the
league's latest game (a replay from it rates again every game played since);
``--profile`` writes the steps' ``cProfile`` statistics to FILE (``pstats`` reads it).

The versions of the game's subjects (its players, investigators, Ancient One, seasons,
the lists, the game) are put in the cache first, as a league whose pages are read has
them: a write replaces only the versions in the cache. ``--unread-versions`` leaves the
cache as it is (a subject whose pages nobody read costs its write nothing).
"""

from __future__ import annotations

import cProfile
import datetime
import statistics
import time
from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import Max
from django.test import Client, TestCase, override_settings
from django.urls import reverse
from django_scopes import scopes_disabled

from games.models import AncientOne, Box, Investigator, Player, Session, Status
from games.ratings.replay import ratings_catch_up
from games.recording import session_moderate
from league.caching import subjects
from league.caching.versions import VERSION_KEY, new_token
from league.current import active_slug
from league.models import Season

STEPS = ("member submits", "moderator approves", "rating update", "moderator submits")


class Rollback(Exception):
    pass


def form_data(players: list[str], played_on: datetime.date) -> dict:
    investigators = list(Investigator.objects.order_by("pk").values_list("pk", flat=True)[:8])
    data = {
        "ancient_one": AncientOne.objects.get(name="Cthulhu").pk,
        "played_on": played_on.isoformat(),
        "boxes": [Box.objects.get(name="Arkham Horror").pk],
        "outcome": "sealed",
        "defeat_cause": "",
        "elder_sign_tokens": 6,
        "terror_level": 2,
        "elder_signs_played": 0,
        "location": "",
        "notes": "",
        "scenario": "",
        "team": "",
        "seats-TOTAL_FORMS": 8,
        "seats-INITIAL_FORMS": 0,
        "seats-MIN_NUM_FORMS": 1,
        "seats-MAX_NUM_FORMS": 8,
    }
    for index in range(8):
        name = players[index] if index < len(players) else ""
        data.update(
            {
                f"seats-{index}-player_name": name,
                # The result form asks to confirm a name that is no player yet.
                f"seats-{index}-new_player": name,
                f"seats-{index}-investigator": investigators[index] if name else "",
                f"seats-{index}-ended": "sane",
                f"seats-{index}-replaced": 0,
                f"seats-{index}-gate_trophies": 1 if name else 0,
                f"seats-{index}-monster_trophies": 2 if name else 0,
                f"seats-{index}-unpaid_loans": 0,
            }
        )
    return data


class Command(BaseCommand):
    help = "Time a game's submission, approval and rating update, and a moderator's submission."

    def add_arguments(self, parser):
        parser.add_argument("--repeat", type=int, default=20)
        parser.add_argument("--days-back", type=int, default=0)
        parser.add_argument("--profile", default="", help="write cProfile statistics here")
        parser.add_argument(
            "--unread-versions",
            action="store_true",
            help="do not put the versions of the game's subjects in the cache first",
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, repeat, days_back, profile, unread_versions, **options):
        self.read_versions = not unread_versions
        # The test client calls itself "testserver"; the configured hosts need not list it.
        with override_settings(ALLOWED_HOSTS=["*"]):
            self._run(repeat, days_back, profile)

    def _run(self, repeat: int, days_back: int, profile: str) -> None:
        # Existing players (their summary rows are the ones a write updates), else new ones.
        players = list(Player.objects.order_by("pk").values_list("name", flat=True)[:4]) or [
            "Ann",
            "Bob",
            "Cy",
            "Di",
        ]
        latest = Session.objects.aggregate(day=Max("played_on"))["day"] or datetime.date.today()
        data = form_data(players, latest - datetime.timedelta(days=days_back))
        self.url = reverse("games:new", args=[active_slug()])
        self.seasons = list(Season.objects.values_list("slug", flat=True))
        self.member, self.moderator = Client(), Client()
        self.member.force_login(self._user(moderator=False))
        self.moderator_user = self._user(moderator=True)
        self.moderator.force_login(self.moderator_user)
        # CPU time, as the figures: waiting for the database is not the process's work.
        self.profiler = cProfile.Profile(time.process_time) if profile else None
        wall = {step: [] for step in STEPS}
        cpu = {step: [] for step in STEPS}
        for _ in range(repeat):
            for step, (wall_ms, cpu_ms) in self._game(data).items():
                wall[step].append(wall_ms)
                cpu[step].append(cpu_ms)
        games = Session.objects.count()
        self.stdout.write(f"{games:,} games in the database; medians of {repeat} writes each")
        self.stdout.write(f"{'step':<20} {'wall ms':>8} {'CPU ms':>8}")
        for step in STEPS:
            wall_ms, cpu_ms = statistics.median(wall[step]), statistics.median(cpu[step])
            self.stdout.write(f"{step:<20} {wall_ms:8.1f} {cpu_ms:8.1f}")
        game = [sum(values) for values in zip(*(cpu[step] for step in STEPS[:3]), strict=True)]
        self.stdout.write(f"{'a game (first three)':<20} {'':>8} {statistics.median(game):8.1f}")
        if self.profiler is not None:
            self.profiler.dump_stats(profile)
            self.stdout.write(f"Profile of every step written to {profile}")

    def _game(self, data: dict) -> dict[str, tuple[float, float]]:
        """One game submitted, approved and rated, then a moderator's own (each rolled back)."""
        times = {}
        try:
            with transaction.atomic():
                times[STEPS[0]] = self._timed(lambda: self._submit(self.member, data))
                pending = Session.objects.filter(status=Status.PENDING).latest("pk")
                read = self._version_keys(pending)
                self._read_versions(read)
                times[STEPS[1]] = self._timed(lambda: self._approve(pending))
                times[STEPS[2]] = self._timed(ratings_catch_up)
                raise Rollback
        except Rollback:
            pass
        try:  # apart: the same game twice would be refused as a duplicate
            with transaction.atomic():
                self._read_versions(read)
                times[STEPS[3]] = self._timed(lambda: self._submit(self.moderator, data))
                raise Rollback
        except Rollback:
            pass
        return times

    def _timed(self, write: Callable[[], object]) -> tuple[float, float]:
        """Wall and CPU milliseconds of ``write`` and of what it leaves for after commit."""
        started, cpu_started = time.perf_counter(), time.process_time()
        if self.profiler is not None:
            self.profiler.enable()
        with TestCase.captureOnCommitCallbacks(execute=True):
            write()
        if self.profiler is not None:
            self.profiler.disable()
        return (
            1000 * (time.perf_counter() - started),
            1000 * (time.process_time() - cpu_started),
        )

    def _read_versions(self, keys: list[str]) -> None:
        """Put these versions in the cache, as reading their pages does (inside the
        rolled-back transaction: the database cache forgets them afterwards)."""
        if self.read_versions:
            cache.set_many(dict.fromkeys(keys, new_token()), timeout=None)

    def _version_keys(self, game: Session) -> list[str]:
        """The versions of the game's subjects (a moderator's game is the same game)."""
        seats = game.seats.select_related("player", "investigator")
        league = game.league_id

        def key(kind, value):
            return subjects.subject_key(kind, value, league)

        return [
            subjects.ALL_KEY,
            subjects.league_key(league),
            subjects.lists_key(league),
            VERSION_KEY,
            key(subjects.GAME, game.pk),
            key(subjects.ANCIENT_ONE, game.ancient_one.slug),
            key(subjects.SEASON, subjects.ALL_TIME_SLUG),
            *(key(subjects.SEASON, slug) for slug in self.seasons),
            *(key(subjects.PLAYER, seat.player.slug) for seat in seats),
            *(key(subjects.INVESTIGATOR, s.investigator.slug) for s in seats),
        ]

    def _user(self, moderator: bool):
        """The benchmark's own accounts (kept: the only rows the command leaves behind)."""
        name = "bench-moderator" if moderator else "bench-member"
        user, _ = get_user_model().objects.get_or_create(username=name)
        if moderator:
            user.groups.add(Group.objects.get(name="Moderators"))
        return user

    def _submit(self, client, data) -> None:
        # Encoded as the page's form sends it (no enctype: urlencoded, not multipart).
        body = urlencode(data, doseq=True)
        response = client.post(self.url, body, content_type="application/x-www-form-urlencoded")
        if response.status_code != 302 or "/games/" not in response.headers.get("Location", ""):
            raise RuntimeError(f"The submission was refused ({response.status_code}).")

    def _approve(self, pending: Session) -> None:
        session_moderate(
            session_id=pending.pk,
            status=Status.APPROVED,
            seen_version=pending.version,
            moderator=self.moderator_user,
        )
