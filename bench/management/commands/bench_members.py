"""Time warm page-cache hits for a visitor, a member and a moderator, side by side.

    DATABASE_URL=postgres://… python manage.py bench_members --repeat 300

In-process (``django.test.Client``, DEBUG off), on the database and cache the settings
name. A member and a moderator are made for the run inside one transaction that is rolled
back at the end, so the league is left as it was (sessions and users included; on the
database cache its entries too). Each page is requested once per audience to warm the
cache, then the three audiences take turns, ``--repeat`` timed requests each, so drift
(another process on the machine) hits them alike. Prints p50 per audience, the ratio of
member and moderator to visitor, and the queries of one hit.
"""

from __future__ import annotations

import statistics
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django_scopes import scopes_disabled

from bench.benchmarks import PageError, public_pages

PAGES = ("home", "leaderboard by score", "standings", "player (busiest)", "ancient ones")
AUDIENCES = ("visitor", "member", "moderator")
MODERATORS = "Moderators"  # the group games/migrations/0006 creates


class Command(BaseCommand):
    help = "Warm page-cache hits: visitor vs member vs moderator (p50 ms, ratios, queries)."

    def add_arguments(self, parser):
        parser.add_argument("--repeat", type=int, default=200, help="Timed hits per audience.")
        parser.add_argument(
            "--gzip", action="store_true", help="Ask for gzip (Accept-Encoding) on every hit."
        )

    @scopes_disabled()  # an operator's command reads every league
    def handle(self, *args, repeat, gzip, **options):
        if not 1 <= repeat <= 10_000:
            raise CommandError("--repeat runs from 1 to 10000.")
        headers = {"Accept-Encoding": "gzip"} if gzip else {}
        quiet = override_settings(ALLOWED_HOSTS=["testserver"], DEBUG=False)
        with quiet, transaction.atomic():
            try:
                pages = dict(public_pages())
                rows = [(label, self.bench(pages[label], repeat, headers)) for label in PAGES]
            except PageError as error:
                raise CommandError(str(error)) from error
            finally:
                transaction.set_rollback(True)
        self.print_table(rows, repeat, gzip)

    def clients(self) -> dict[str, Client]:
        users = get_user_model().objects
        member = users.create_user("bench-member", password=None)
        boss = users.create_user("bench-moderator", password=None)
        group = Group.objects.filter(name=MODERATORS).first()
        if group is None:
            raise CommandError(f'The league has no "{MODERATORS}" group: migrate it first.')
        boss.groups.add(group)
        clients = {"visitor": Client(), "member": Client(), "moderator": Client()}
        clients["member"].force_login(member)
        clients["moderator"].force_login(boss)
        return clients

    def bench(self, url: str, repeat: int, headers: dict) -> dict:
        if not hasattr(self, "_clients"):
            self._clients = self.clients()
        timings: dict[str, list[float]] = {audience: [] for audience in AUDIENCES}
        queries = {}
        for audience, client in self._clients.items():
            client.get(url, headers=headers)  # warm this audience's copy
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url, headers=headers)
            if response.status_code != 200 or response.get("X-Cache") != "hit":
                raise PageError(f"{url} as {audience}: {response.status_code}, not a hit")
            queries[audience] = len(captured)
        for _ in range(repeat):
            for audience, client in self._clients.items():
                started = time.perf_counter()
                client.get(url, headers=headers)
                timings[audience].append((time.perf_counter() - started) * 1000)
        return {
            audience: (statistics.median(samples), queries[audience])
            for audience, samples in timings.items()
        }

    def print_table(self, rows, repeat, gzip) -> None:
        self.stdout.write(
            f"\n{connection.vendor}, warm hits, {repeat} per audience, p50 ms in-process"
            f"{', gzip' if gzip else ''}; × = / visitor; q = queries per hit\n"
        )
        self.stdout.write(
            "| page | visitor | member | × | moderator | × | q visitor/member/moderator |"
        )
        self.stdout.write("|---|---|---|---|---|---|---|")
        for label, row in rows:
            visitor = row["visitor"][0]
            self.stdout.write(
                f"| {label} | {visitor:.2f} | {row['member'][0]:.2f} "
                f"| {row['member'][0] / visitor:.2f} | {row['moderator'][0]:.2f} "
                f"| {row['moderator'][0] / visitor:.2f} "
                f"| {'/'.join(str(row[a][1]) for a in AUDIENCES)} |"
            )
