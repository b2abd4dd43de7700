"""A steady writer for the mixed load test: games submitted and approved at a set rate.

Each game goes the way a league night's does, through ``games.recording``: a member's
submission (pending: ``session_record``), then a moderator's approval
(``session_moderate``), each in its own transaction, so every approved game retires what
it retires on a real site. Seats go to the league's busiest players with base-game
investigators against a base-game Ancient One, so the pages the readers load are the ones
the writes touch. It writes to the league: run it on a copy.
"""

from __future__ import annotations

import datetime
import random
import statistics
import threading
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import close_old_connections, connection, transaction
from django.db.models import Count
from django.utils import timezone

from games.models import AncientOne, Box, Investigator, Player, Seat, Session, Status
from games.recording import session_moderate, session_record
from league.models import League

PLAYER_POOL = 40  # the busiest players: the seats of every written game
MAX_SEATS = 4
MAX_ERRORS = 20  # a writer that keeps failing stops instead of spinning


class SteadyWriter(threading.Thread):
    """Writes ``rate`` games a second (one submission and one approval each) until
    ``stop()`` or ``seconds`` have passed, whichever comes first."""

    def __init__(self, rate: float, seconds: float, seed: int = 1) -> None:
        super().__init__(name="loadtest-writer", daemon=True)
        self.rate, self.seconds = rate, seconds
        self.random = random.Random(seed)
        self.stopping = threading.Event()
        self.written = 0
        self.errors: list[str] = []
        self.write_ms: list[float] = []
        self.elapsed = 0.0

    def stop(self) -> None:
        self.stopping.set()

    def run(self) -> None:
        try:
            self.prepare()
            self.loop()
        except Exception as error:  # reported by the load test, never a silent thread
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    def prepare(self) -> None:
        users = get_user_model().objects
        # No e-mail address: an approval sends the submitter no mail.
        self.member, _ = users.get_or_create(username="loadtest-member")
        self.moderator, _ = users.get_or_create(username="loadtest-moderator")
        self.moderator.groups.add(Group.objects.get(name="Moderators"))
        boxes = list(Box.objects.filter(kind=Box.Kind.BASE))
        self.boxes = boxes
        self.league = League.objects.first_league()
        self.ancient_ones = list(AncientOne.objects.filter(box__in=boxes))
        self.investigators = list(Investigator.objects.filter(box__in=boxes))
        self.players = list(
            Player.objects.listed().annotate(n=Count("seats")).order_by("-n", "pk")[:PLAYER_POOL]
        )
        if not (self.ancient_ones and len(self.investigators) >= MAX_SEATS and self.players):
            raise RuntimeError("The league has no players or catalog to write games with.")

    def loop(self) -> None:
        started = time.monotonic()
        deadline = started + self.seconds
        due = started
        while not self.stopping.is_set() and time.monotonic() < deadline:
            wait = due - time.monotonic()
            if wait > 0 and self.stopping.wait(wait):
                break
            due += 1 / self.rate  # a steady schedule: a slow write is caught up on, not skipped
            began = time.perf_counter()
            try:
                self.write_one()
                self.written += 1
                self.write_ms.append((time.perf_counter() - began) * 1000)
            except Exception as error:
                self.errors.append(f"{type(error).__name__}: {error}")
                close_old_connections()
                if len(self.errors) >= MAX_ERRORS:
                    break
        self.elapsed = time.monotonic() - started

    def write_one(self) -> None:
        count = self.random.randint(1, min(MAX_SEATS, len(self.players)))
        players = self.random.sample(self.players, count)
        investigators = self.random.sample(self.investigators, count)
        seats = [
            Seat(player=player, investigator=investigator, gate_trophies=1 if i == 0 else 0)
            for i, (player, investigator) in enumerate(zip(players, investigators, strict=True))
        ]
        session = Session(
            ancient_one=self.random.choice(self.ancient_ones),
            outcome="sealed",
            played_on=timezone.localdate() - datetime.timedelta(days=self.random.randint(0, 30)),
            terror_level=2,
            elder_signs_played=0,
            elder_sign_tokens=6,
            status=Status.PENDING,
            submitted_by=self.member,
            league=self.league,
        )
        with transaction.atomic():
            session = session_record(session=session, boxes=self.boxes, seats=seats)
        with transaction.atomic():
            session_moderate(
                session_id=session.pk,
                status=Status.APPROVED,
                seen_version=session.version,
                moderator=self.moderator,
            )

    def summary(self) -> dict:
        """What the writer did: games written, the rate reached, write p50, errors."""
        return {
            "games": self.written,
            "rate": self.written / self.elapsed if self.elapsed else 0.0,
            "write_p50_ms": statistics.median(self.write_ms) if self.write_ms else 0.0,
            "errors": self.errors,
        }
