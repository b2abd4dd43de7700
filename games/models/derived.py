"""What a finished game stores from its seats: totals, score, seat flags (``games.rules``).

A mixin of ``Session``; ``save()`` and ``rescore()`` write these values on the row, so
leaderboards sort and filter on indexed columns instead of recomputing them per row.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from games import rules

if TYPE_CHECKING:
    from .seats import Seat


class DerivedFromSeats:
    # Never typed in: written from the seats by apply_totals() on every save.
    DERIVED_FIELDS = (
        "investigator_count",
        "survivors",
        "gate_trophies",
        "monster_trophies",
        "unpaid_loans",
        "score",
        "scenario_score",
    )

    def derived_values(self) -> tuple:
        return tuple(getattr(self, field) for field in self.DERIVED_FIELDS)

    def apply_totals(self, seats: list[Seat]) -> None:
        """Set the stored totals and score from these seats (does not save)."""
        totals = rules.team_totals([seat.as_result(self.outcome) for seat in seats])
        self.investigator_count = totals.investigators
        self.survivors = totals.survivors
        self.gate_trophies = totals.gate_trophies
        self.monster_trophies = totals.monster_trophies
        self.unpaid_loans = totals.unpaid_loans
        self.score = self.compute_score()
        self.scenario_score = self.compute_scenario_score()

    def compute_score(self) -> int | None:
        """The rulebook score from the stored totals; ``None`` for a defeat."""
        return rules.game_score(
            outcome=self.outcome, doom_track=self.ancient_one.doom_track, **self._score_counts()
        )

    def breakdown(self) -> list[rules.ScoreTerm]:
        """The score line by line, for the game page."""
        if not self.is_victory:
            return []
        doom_track = self.ancient_one.doom_track
        terms = rules.score_breakdown(doom_track=doom_track, **self._score_counts())
        return [dataclasses.replace(term, label=gettext(term.label)) for term in terms]

    def _score_counts(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in rules.SCORE_COUNTS}

    def title_holders(self) -> list:
        """The First Citizens from the stored seat flags (the title is on a player's first
        seat): each player once, in seat order, from the (usually prefetched) seats."""
        return [
            seat.player
            for seat in self.seats.all()
            if seat.first_citizen and seat.players_first_seat
        ]

    def _mark_seats(self, seats: list[Seat]) -> None:
        """Store each seat's per-player flags: First Citizen, and the player's first seat."""
        changed = []
        for seat, (first_citizen, players_first) in zip(seats, self.seat_flags(seats), strict=True):
            if (seat.first_citizen, seat.players_first_seat) != (first_citizen, players_first):
                seat.first_citizen, seat.players_first_seat = first_citizen, players_first
                changed.append(seat)
        if changed:
            self.seats.model.objects.bulk_update(changed, ["first_citizen", "players_first_seat"])

    def seat_flags(self, seats: list[Seat]) -> list[tuple[bool, bool]]:
        """(First Citizen?, the player's first seat at this game?) for each seat, in order
        (``rules.seat_flags``)."""
        results = [seat.as_result(self.outcome) for seat in seats]
        return rules.seat_flags(results, victory=self.is_victory)
