"""A steady writer for the mixed load test: games submitted and approved over HTTP.

Each game goes the way a league night's does, against the load test's own server: a
member posts the result form (the game waits for approval), then a moderator opens the
game's page and presses Approve (the moderation view, on the version the page showed).
The approval starts the ratings job, which the load test's task worker runs. Seats go to
the league's busiest players with base-game investigators against a base-game Ancient
One, so the pages the readers load are the ones the writes touch. It writes to the
league: run it on a copy.
"""

from __future__ import annotations

import datetime
import http.client
import random
import re
import secrets
import statistics
import threading
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection
from django.db.models import Count
from django.urls import reverse
from django.utils import timezone
from django_scopes import scopes_disabled

from bench.management.commands.bench_writes import form_data
from games.models import AncientOne, Box, Investigator, Player, Session, Status
from league.models import League

MEMBER, MODERATOR = "loadtest-member", "loadtest-moderator"
PLAYER_POOL = 40  # the busiest players: the seats of every written game
MAX_SEATS = 4
MAX_ERRORS = 20  # a writer that keeps failing stops instead of spinning
# A league night's games are entered that night or the next day. The ratings job replays
# every game from the earliest one written on (a game dated a month back makes it rate a
# month of the league again: 2,300 games, 1.8 s, on the 100,000-game benchmark league).
DAYS_BACK = 1
GAME_ADDRESS = re.compile(r"/games/(\d+)/$")
VERSION_FIELD = re.compile(r'name="version" value="(\d+)"')


@dataclass(frozen=True)
class WriteSetup:
    """What every writer thread shares: the server, the accounts, the league's names."""

    base: str  # the server's address, e.g. http://127.0.0.1:8765
    slug: str
    passwords: dict[str, str]
    players: list[str]
    investigators: list[int]
    ancient_ones: list[int]


def write_setup(base: str) -> WriteSetup:
    """The writers' accounts with fresh random passwords, made once before the threads
    start (a new password logs out the sessions made with the old one)."""
    users = get_user_model().objects
    passwords = {}
    for username in (MEMBER, MODERATOR):
        # No e-mail address: an approval sends the submitter no mail.
        user, _ = users.get_or_create(username=username)
        passwords[username] = secrets.token_urlsafe(24)
        user.set_password(passwords[username])
        user.save(update_fields=["password"])
    users.get(username=MODERATOR).groups.add(Group.objects.get(name="Moderators"))
    league = League.objects.first_league()
    boxes = Box.objects.filter(kind=Box.Kind.BASE)
    investigators = list(Investigator.objects.filter(box__in=boxes).values_list("pk", flat=True))
    ancient_ones = list(AncientOne.objects.filter(box__in=boxes).values_list("pk", flat=True))
    busiest = Player.objects.listed(league).annotate(n=Count("seats")).order_by("-n", "pk")
    players = list(busiest.values_list("name", flat=True)[:PLAYER_POOL])
    if not (ancient_ones and len(investigators) >= MAX_SEATS and players):
        raise RuntimeError("The league has no players or catalog to write games with.")
    return WriteSetup(base, league.slug, passwords, players, investigators, ancient_ones)


class Visitor:
    """One browser on the server: its cookies, plain HTTP, no redirect followed."""

    def __init__(self, base: str) -> None:
        address = urlsplit(base)
        self.host, self.port = address.hostname, address.port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, data: dict | None = None) -> tuple[int, str, str]:
        """(status, Location, body) of one request; a form is posted with the CSRF token."""
        headers = {"Cookie": "; ".join(f"{key}={value}" for key, value in self.cookies.items())}
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get(settings.CSRF_COOKIE_NAME, "")
        server = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            server.request(method, path, body, headers)
            response = server.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            server.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                # Messages are dropped: the pages that would show them are not all loaded,
                # and a kept cookie would grow with every game.
                if morsel["max-age"] == "0" or name == CookieStorage.cookie_name:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return response.status, response.getheader("Location", ""), text

    def log_in(self, username: str, password: str) -> None:
        login = reverse("login")
        self.request("GET", login)  # the CSRF cookie
        status, _, _ = self.request("POST", login, {"username": username, "password": password})
        if status != 302:
            raise RuntimeError(f"{username} could not log in ({status}).")


class SteadyWriter(threading.Thread):
    """Writes ``rate`` games a second (one submission and one approval each) until
    ``stop()`` or ``seconds`` have passed, whichever comes first."""

    def __init__(self, setup: WriteSetup, rate: float, seconds: float, seed: int = 1) -> None:
        super().__init__(name="loadtest-writer", daemon=True)
        self.setup, self.rate, self.seconds = setup, rate, seconds
        self.random = random.Random(seed)
        self.stopping = threading.Event()
        self.written = 0
        self.errors: list[str] = []
        self.write_ms: list[float] = []
        self.elapsed = 0.0
        self.logged_in = threading.Event()  # set once logged in (or failed to): ready to write

    def stop(self) -> None:
        self.stopping.set()

    def run(self) -> None:
        try:
            try:
                self.log_in()
            finally:
                self.logged_in.set()
            self.loop()
        except Exception as error:  # reported by the load test, never a silent thread
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    def log_in(self) -> None:
        """The member and the moderator log in, each in its own browser."""
        self.member, self.moderator = Visitor(self.setup.base), Visitor(self.setup.base)
        self.member.log_in(MEMBER, self.setup.passwords[MEMBER])
        self.moderator.log_in(MODERATOR, self.setup.passwords[MODERATOR])
        self.form = reverse("games:new", args=[self.setup.slug])
        status, _, _ = self.member.request("GET", self.form)
        if status != 200:
            raise RuntimeError(f"The result form answered {status}.")

    def loop(self) -> None:
        started = time.monotonic()
        deadline = started + self.seconds
        due = started
        # Only writes due before the deadline, and none once it passed (a slow writer).
        while not self.stopping.is_set() and due < deadline and time.monotonic() < deadline:
            wait = due - time.monotonic()
            if wait > 0 and self.stopping.wait(wait):
                break
            due += 1 / self.rate  # a steady schedule: a slow write is caught up on, not skipped
            try:
                self.write_ms.append(self.write_one())
                self.written += 1
            except Exception as error:
                self.errors.append(f"{type(error).__name__}: {error}")
                if len(self.errors) >= MAX_ERRORS:
                    break
        self.elapsed = time.monotonic() - started

    def game_data(self) -> dict:
        """The result form's fields for a random game of the busiest players."""
        count = self.random.randint(1, min(MAX_SEATS, len(self.setup.players)))
        players = self.random.sample(self.setup.players, count)
        played_on = timezone.localdate() - datetime.timedelta(
            days=self.random.randint(0, DAYS_BACK)
        )
        data = form_data(players, played_on)
        investigators = self.random.sample(self.setup.investigators, count)
        for index, investigator in enumerate(investigators):
            data[f"seats-{index}-investigator"] = investigator
            data[f"seats-{index}-monster_trophies"] = self.random.randint(0, 4)
        data["ancient_one"] = self.random.choice(self.setup.ancient_ones)
        # The same table on the same day can come up again: a real game, not a double entry.
        data["confirm_duplicate"] = "on"
        return data

    def write_one(self) -> float:
        """One game submitted and approved; returns the two posts' milliseconds."""
        began = time.perf_counter()
        status, location, _ = self.member.request("POST", self.form, self.game_data())
        submitted = time.perf_counter() - began
        game = GAME_ADDRESS.search(location)
        if status != 302 or game is None:
            raise RuntimeError(f"The submission answered {status}, not the game's address.")
        # The moderator's page carries the version the approval is made on.
        status, _, page = self.moderator.request("GET", location)
        version = VERSION_FIELD.search(page)
        if status != 200 or version is None:
            raise RuntimeError(f"The game's page answered {status} without an Approve button.")
        moderate = reverse("games:moderate", args=[self.setup.slug, int(game.group(1))])
        began = time.perf_counter()
        status, _, _ = self.moderator.request(
            "POST", moderate, {"status": "approved", "version": version.group(1)}
        )
        approved = time.perf_counter() - began
        # A refused decision redirects too (with a message): the game itself says.
        with scopes_disabled():
            now = Session.objects.filter(pk=game.group(1)).values_list("status", flat=True)
            if status != 302 or now.first() != Status.APPROVED:
                raise RuntimeError(f"The approval answered {status}; the game is {now.first()}.")
        return (submitted + approved) * 1000

    def summary(self) -> dict:
        """What the writer did: games written, the rate reached, write p50, errors."""
        return {
            "games": self.written,
            "rate": self.written / self.elapsed if self.elapsed else 0.0,
            "write_p50_ms": statistics.median(self.write_ms) if self.write_ms else 0.0,
            "errors": self.errors,
        }
