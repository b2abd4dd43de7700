"""Duplicates an import skips: games already in the league, and repeats inside the file.

A game already in the league is one the result form would warn about: the same date,
Ancient One and players (``Session.objects.same_table``), among the games there before the
import began. Inside a file, the references say which rows are distinct games, so a game
counts as a repeat only when every value the form read, and the submission time, equal an
earlier game's (a row block pasted twice under another reference).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.db.models import Max

from games.models import Player, Session
from games.names import name_key

from .format import FORM, GAME_COLUMNS, SEAT_COLUMNS
from .reader import GameRows


class Duplicates:
    """Remembers the file's games (16 bytes each) and asks the league about the rest."""

    def __init__(self, existing_player: Callable[[str], Player | None]):
        self.existing_player = existing_player
        self.fingerprints: dict[bytes, str] = {}
        self.league_before = Session.objects.aggregate(last=Max("pk"))["last"]

    def check(self, rows: GameRows, verdict, names: list[str], submitted_at) -> str:
        """Why this valid game (its ``games.forms.judge.Verdict``) is skipped as a
        duplicate, or "" when it is new."""
        cleaned = verdict.cleaned
        fingerprint = _fingerprint(cleaned, verdict.seat_cleaned, submitted_at)
        earlier = self.fingerprints.get(fingerprint)
        if earlier is not None:
            return f"Skipped: the same game as “{earlier}” earlier in the file."
        self.fingerprints[fingerprint] = rows.reference
        if self.league_before is None:  # the league was empty
            return ""
        players = [self.existing_player(name) for name in set(names)]
        if None in players:  # a new player cannot have played before
            return ""
        found = (
            Session.objects.filter(pk__lte=self.league_before)
            .same_table(
                played_on=cleaned["played_on"],
                ancient_one=cleaned["ancient_one"],
                player_ids=[player.pk for player in players],
            )
            .values_list("pk", flat=True)
            .first()
        )
        if found is None:
            return ""
        return f"Skipped: game {found} in the league has the same date, Ancient One and players."


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
