"""Time the league's writes on the configured database, leaving it as it was.

    python manage.py bench_writes [--repeat 20]

Three writes, each through the real path and each rolled back afterwards (so a big
benchmark league stays untouched; the commit itself is not timed):

- a member's submission of the result form (pending: nothing public changes),
- a moderator's submission (approved at once: summaries and entries kept on write),
- a moderator's approval of a pending game.
"""

from __future__ import annotations

import statistics
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.test import Client, override_settings
from django.urls import reverse

from games.models import AncientOne, Box, Investigator, Player, Session, Status
from games.recording import session_moderate


class Rollback(Exception):
    pass


def form_data(players: list[str]) -> dict:
    investigators = list(Investigator.objects.order_by("pk").values_list("pk", flat=True)[:8])
    data = {
        "ancient_one": AncientOne.objects.get(name="Cthulhu").pk,
        "played_on": "2026-01-10",
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
    help = "Time a submission, a moderator's submission and an approval (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--repeat", type=int, default=20)

    def handle(self, *args, repeat, **options):
        # The test client calls itself "testserver"; the configured hosts need not list it.
        with override_settings(ALLOWED_HOSTS=["*"]):
            self._run(repeat)

    def _run(self, repeat: int) -> None:
        # Existing players (their summary rows are the ones a write updates), else new ones.
        players = list(Player.objects.order_by("pk").values_list("name", flat=True)[:4]) or [
            "Ann",
            "Bob",
            "Cy",
            "Di",
        ]
        data = form_data(players)
        url = reverse("games:new")
        rows = []
        for label, moderator in (("member submits", False), ("moderator submits", True)):
            client = Client()
            client.force_login(self._user(moderator))
            rows.append((label, self._time(repeat, lambda c=client: self._submit(c, url, data))))
        rows.append(("moderator approves", self._time(repeat, self._approve)))
        games = Session.objects.count()
        self.stdout.write(f"{games:,} games in the database; p50/p95 of {repeat} writes each")
        for label, samples in rows:
            p50 = statistics.median(samples)
            p95 = sorted(samples)[max(0, round(0.95 * len(samples)) - 1)]
            self.stdout.write(f"{label:<20} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms")

    def _time(self, repeat, write) -> list[float]:
        samples = []
        for _ in range(repeat):
            try:
                with transaction.atomic():
                    started = time.perf_counter()
                    write()
                    samples.append(1000 * (time.perf_counter() - started))
                    raise Rollback
            except Rollback:
                pass
        return samples

    def _user(self, moderator: bool):
        """The benchmark's own accounts (kept: the only rows the command leaves behind)."""
        name = "bench-moderator" if moderator else "bench-member"
        user, _ = get_user_model().objects.get_or_create(username=name)
        if moderator:
            user.groups.add(Group.objects.get(name="Moderators"))
        return user

    def _submit(self, client, url, data) -> None:
        response = client.post(url, data)
        if response.status_code != 302 or "/games/" not in response.headers.get("Location", ""):
            raise RuntimeError(f"The submission was refused ({response.status_code}).")

    def _approve(self) -> None:
        pending = Session.objects.filter(status=Status.PENDING).order_by("-pk").first()
        if pending is None:
            raise RuntimeError("No pending game to approve.")
        session_moderate(
            session_id=pending.pk,
            status=Status.APPROVED,
            seen_version=pending.version,
            moderator=self._user(True),
        )
