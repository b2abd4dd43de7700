"""Duplicates an import skips: games already in the league, and repeats inside the file.

Only the league the file goes to counts: the same table in another league is another game.

A game already in the league is one the result form would warn about: the same date,
Ancient One and players (``Session.objects.same_table``), among the games there before the
import began. Inside a file, the references say which rows are distinct games, so a game
counts as a repeat only when every value the form read, and the submission time, equal an
earlier game's (a row block pasted twice under another reference).
"""

from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict
from collections.abc import Callable
from functools import reduce
from operator import or_

from django.db.models import Max, Q
from django.utils.translation import gettext as _

from games.models import Player, Seat, Session
from games.names import name_key

from .format import FORM, GAME_COLUMNS, SEAT_COLUMNS
from .reader import GameRows

# (date played, Ancient One's id, the players' ids): a table ``Session.objects.same_table``
# finds.
Table = tuple[datetime.date, int, frozenset[int]]
SEAT_AT = ("session_id", "session__played_on", "session__ancient_one_id", "player_id")
# Dates and Ancient Ones asked per query (two parameters each: SQLite's limit is 999).
PAIRS_PER_QUERY = 400


class Duplicates:
    """Remembers the file's games (16 bytes each) and asks the league about the rest."""

    def __init__(self, existing_player: Callable[[str], Player | None], league):
        self.existing_player = existing_player
        self.league = league  # the games compared: this league's only
        self.fingerprints: dict[bytes, str] = {}
        games = Session.objects.filter(league=league)
        self.league_before = games.aggregate(last=Max("pk"))["last"]

    def check(self, rows: GameRows, verdict, submitted_at) -> str:
        """Why this valid game (its ``games.forms.judge.Verdict``) is skipped as a repeat
        of an earlier game of the file, or "" (the league is asked by ``in_league``)."""
        cleaned = verdict.cleaned
        fingerprint = _fingerprint(cleaned, verdict.seat_cleaned, submitted_at)
        earlier = self.fingerprints.get(fingerprint)
        if earlier is not None:
            return _("Skipped: the same game as “%(game)s” earlier in the file.") % {
                "game": earlier
            }
        self.fingerprints[fingerprint] = rows.reference
        return ""

    def table(self, verdict, names: list[str]) -> Table | None:
        """What the league is asked about this game (``Session.objects.same_table``): its
        date, Ancient One and players; None when it cannot be there already."""
        if self.league_before is None:  # the league was empty
            return None
        players = [self.existing_player(name) for name in set(names)]
        if None in players:  # a new player cannot have played before
            return None
        cleaned = verdict.cleaned
        return cleaned["played_on"], cleaned["ancient_one"].pk, frozenset(p.pk for p in players)

    def in_league(self, tables: list[Table | None]) -> list[str]:
        """For each game's ``table``, why it is skipped as a game already in the league,
        or "": the tables of a whole batch asked at once, a few hundred dates and Ancient
        Ones a query (a game a query cost more than judging it)."""
        wanted = sorted({(day, ancient_one) for day, ancient_one, _ in filter(None, tables)})
        players: dict[int, set[int]] = defaultdict(set)
        at: dict[int, tuple] = {}
        for start in range(0, len(wanted), PAIRS_PER_QUERY):
            same_day = reduce(
                or_,
                (
                    Q(session__played_on=day, session__ancient_one_id=ancient_one)
                    for day, ancient_one in wanted[start : start + PAIRS_PER_QUERY]
                ),
            )
            seats = Seat.objects.filter(
                same_day,
                session__league=self.league,
                session_id__lte=self.league_before,
                player_id__isnull=False,
            ).values_list(*SEAT_AT)
            for session_id, day, ancient_one, player_id in seats:
                players[session_id].add(player_id)
                at[session_id] = (day, ancient_one)
        found: dict[Table, int] = {}
        for session_id in sorted(players):  # the earliest game, as .first() named it
            found.setdefault((*at[session_id], frozenset(players[session_id])), session_id)
        same = _("Skipped: game %(game)s in the league has the same date, Ancient One and players.")
        return [same % {"game": found[table]} if table in found else "" for table in tables]


def _fingerprint(cleaned: dict, seats_cleaned: list[dict], submitted_at) -> bytes:
    """What makes two games of a file the same game: every value the form read (players
    by name key) and the submission time; not the reference, status or submitter."""
    game = [submitted_at.isoformat()]
    for column in GAME_COLUMNS:
        if column.target == FORM:
            value = cleaned.get(column.field)
            if column.field in ("boxes", "tasks_done"):
                value = sorted(row.pk for row in value or [])
            game.append(str(getattr(value, "pk", value)))
    seats = []
    for seat_cleaned in seats_cleaned:
        seat = [name_key(seat_cleaned["player_name"])]
        for column in SEAT_COLUMNS:
            if column.target == FORM and column.field != "player_name":
                value = seat_cleaned.get(column.field)
                seat.append(str(getattr(value, "pk", value)))
        seats.append(seat)
    return hashlib.blake2b(repr((game, seats)).encode(), digest_size=16).digest()
