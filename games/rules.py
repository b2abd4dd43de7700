"""Arkham Horror (2nd edition) victory rules, as the league scores them.

League scenarios (tasks, entries, series points) build on these in ``games.scenario_rules``.

Pure Python: no Django import, importable without settings. Everything else in the
project (models, forms, admin, views, commands) calls these functions; nothing else
re-implements a rule. This docstring restates the rulebook's "Ending the Game" section
and the league's rulings; the site's ``/rules/`` page (``templates/league/rules.html``)
says the same to players, with every Ancient One's doom track from the catalog.

Outcomes
    A finished game ends in exactly one outcome:

    * ``closed``   -- close the gates: the last open gate was closed while the team held
      unspent gate trophies (including the one just won) >= investigators in play.
    * ``sealed``   -- seal the gates: six or more elder sign tokens were on the board.
    * ``banished`` -- the Ancient One awakened and was defeated in the final battle.
      Azathoth cannot be banished: his awakening ends the game.
    * ``defeat``   -- the investigators lost; recorded with a cause and *no* score
      (not zero: zero is a real, poor victory score).

Victory score (rulebook formula)::

    score = printed doom track of the Ancient One
          - terror level at the end
          - 1 per unpaid or defaulted Bank Loan
          - 1 per elder sign played during the game
          + 1 per unspent gate trophy at the end
          + 1 per three unspent monster trophies at the end (rounded down)
          + 1 per sane, surviving investigator at the end

League rulings on the terms the rulebook leaves open:

1. The *printed* doom track counts, even when effects add doom tokens.
2. Terror level is 0-10.
3. Bank Loans still unpaid or defaulted at the end; an investigator holds at most one,
   so the team total is at most the number of investigators who played.
4. "Elder signs played" are *Elder Sign* unique item cards used during the game, not the
   elder sign tokens on the board and not gates sealed with clue tokens.
5. Gate and monster trophies are team totals; monster trophies count in whole groups of
   three across the team (2 + 2 held by two players -> 4 -> +1).
6. Sane, surviving investigators are those in play at the end: not devoured, not
   retired. An investigator lost in time and space is still in play, so in a closed or
   sealed victory that seat counts as surviving (``survives``). When the Ancient One
   awakes, investigators lost in time and space are devoured: a banished victory records
   such a seat as devoured, and refuses "lost in time and space" (``seat_problems``).
   A defeat has no score, and a lost seat does not count there.
7. Investigators in play (the gate-trophy threshold) is between 1 and 8.
8. The score may be zero or negative.

An Ancient One's page lists the endings possible against it (``possible_endings``): every
outcome and defeat cause the checks above allow with some boxes in play, so Azathoth's
lists neither a banishment nor the devoured defeat, no other lists "Azathoth awoke", and
only an Ancient One with an immediate-defeat rule of its own (Glaaki, Shudde M'ell,
Bokrug) lists a defeat by that rule.

First Citizen of Arkham (victories only): the *player* -- summing all of a person's
investigators -- with the most unspent gate trophies; a tie goes to the most unspent
monster trophies; players still tied share the title.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.rule_text import Message, gettext_noop, ngettext_lazy, require_range

CLOSED = "closed"
SEALED = "sealed"
BANISHED = "banished"
DEFEAT = "defeat"
VICTORIES = (CLOSED, SEALED, BANISHED)
OUTCOMES = (*VICTORIES, DEFEAT)

# Defeat causes: how a lost game ended (the /rules/ page explains each).
DEVOURED = "devoured"
AZATHOTH_AWAKENED = "azathoth"
ACT_III = "act-iii"
ANCIENT_ONE_SPECIAL = "ancient-one-special"
OTHER = "other"
DEFEAT_CAUSES = (DEVOURED, AZATHOTH_AWAKENED, ACT_III, ANCIENT_ONE_SPECIAL, OTHER)
# The Ancient Ones whose sheet has an immediate-defeat rule of their own (Glaaki at terror
# 10, Shudde M'ell's rubble running out, Bokrug's clues and Beings of Ib reaching 8).
OWN_DEFEAT_RULE = frozenset({"Glaaki", "Shudde M'ell", "Bokrug"})

# Azathoth's awakening ends the game, so he is never banished and "azathoth" is his only.
AZATHOTH = "Azathoth"
# Act III exists only in the Act deck these two boxes bring.
ACT_DECK_BOXES = frozenset({"The King in Yellow", "Miskatonic Horror"})

# How a seat ended the game (``Seat.Ended``): its investigator at the end.
ENDED_SANE = "sane"
ENDED_DEVOURED = "devoured"
ENDED_RETIRED = "retired"
ENDED_LOST = "lost"  # lost in time and space
# Lost in time and space is still in play when the gates are closed or sealed (ruling 6).
LOST_STILL_IN_PLAY = (CLOSED, SEALED)
LOST_WHEN_AWOKEN = Message(
    gettext_noop(
        "In a banished game, when the Ancient One awoke they were devoured: "
        "record them as devoured."
    )
)
NEVER_BANISHED = gettext_noop("Azathoth cannot be banished: his awakening ends the game in defeat.")
NO_ACT_DECK = gettext_noop(
    "Act III needs the Act deck of The King in Yellow or Miskatonic Horror in play."
)
NEVER_FOUGHT = gettext_noop("Azathoth is never fought: his awakening ends the game at once.")

MIN_INVESTIGATORS = 1  # a game needs someone at the table
MAX_INVESTIGATORS = 8  # the box holds eight investigator markers in play at most
MIN_TERROR = 0
MAX_TERROR = 10  # the terror track stops at 10
MONSTER_TROPHIES_PER_POINT = 3  # "+1 for every three unspent monster trophies"
SEALED_MIN_TOKENS = 6  # "six or more elder sign tokens on the board"
# A bound on every counted thing a form records (trophies, loans, replacements, elder signs):
# far beyond what any table could hold, and it keeps each team total and score inside a
# small integer on every database (8 seats x 999 trophies).
MAX_COUNT = 999


@dataclass(frozen=True)
class ScoreTerm:
    """One line of a score breakdown: what it is, the count it is based on, its points."""

    label: str
    count: int
    points: int


def score_breakdown(
    *,
    doom_track: int,
    terror_level: int,
    unpaid_loans: int,
    elder_signs_played: int,
    gate_trophies: int,
    monster_trophies: int,
    survivors: int,
) -> list[ScoreTerm]:
    """Each term of the victory score with its points; the points sum to the score.

    Raises ``ValueError`` for a value outside the ranges the league rulings allow.
    """
    require_range(gettext_noop("Doom track"), doom_track, 1)
    require_range(gettext_noop("Terror level"), terror_level, MIN_TERROR, MAX_TERROR)
    require_range(gettext_noop("Unpaid loans"), unpaid_loans, 0)
    require_range(gettext_noop("Elder signs played"), elder_signs_played, 0)
    require_range(gettext_noop("Gate trophies"), gate_trophies, 0)
    require_range(gettext_noop("Monster trophies"), monster_trophies, 0)
    require_range(gettext_noop("Survivors"), survivors, 0, MAX_INVESTIGATORS)
    # The labels are marked msgids: the pages translate them (``Session.breakdown``).
    return [
        ScoreTerm(gettext_noop("Printed doom track of the Ancient One"), doom_track, doom_track),
        ScoreTerm(gettext_noop("Terror level at the end"), terror_level, -terror_level),
        ScoreTerm(gettext_noop("Unpaid or defaulted Bank Loans"), unpaid_loans, -unpaid_loans),
        ScoreTerm(gettext_noop("Elder signs played"), elder_signs_played, -elder_signs_played),
        ScoreTerm(gettext_noop("Unspent gate trophies"), gate_trophies, gate_trophies),
        ScoreTerm(
            gettext_noop("Unspent monster trophies (1 per 3)"),
            monster_trophies,
            monster_trophies // MONSTER_TROPHIES_PER_POINT,
        ),
        ScoreTerm(gettext_noop("Sane, surviving investigators"), survivors, survivors),
    ]


def victory_score(**score_inputs: int) -> int:
    """The rulebook victory score: the points of ``score_breakdown`` (which takes the same
    keywords) added up. Raises ``ValueError`` for out-of-range values."""
    return sum(term.points for term in score_breakdown(**score_inputs))


# What a stored victory score is computed from besides the doom track: the keyword names
# of ``score_breakdown``, and the game's stored columns of the same names.
SCORE_COUNTS = (
    "terror_level",
    "unpaid_loans",
    "elder_signs_played",
    "gate_trophies",
    "monster_trophies",
    "survivors",
)


def game_score(*, outcome: str, **score_inputs: int) -> int | None:
    """The score a finished game stores: the victory score of ``score_inputs`` (the doom
    track and the ``SCORE_COUNTS``, as ``victory_score`` takes them); ``None`` for a defeat
    (not 0). Raises ``ValueError`` for out-of-range values of a victory.
    """
    if outcome not in VICTORIES:
        return None
    return victory_score(**score_inputs)


def first_citizens(trophies: Mapping[str, tuple[int, int]]) -> set[str]:
    """Every player holding the First Citizen title.

    ``trophies`` maps a player to (unspent gate trophies, unspent monster trophies),
    summed over all of that player's investigators. Most gate trophies wins, a tie goes
    to most monster trophies, players still tied share the title.
    """
    if not trophies:
        return set()
    best = max(trophies.values())
    return {player for player, held in trophies.items() if held == best}


def victory_problems(
    *,
    outcome: str,
    ancient_one: str,
    investigators: int,
    gate_trophies: int,
    elder_sign_tokens: int,
) -> list[str]:
    """One readable sentence (a ``Message``) per broken precondition of a victory."""
    if outcome == CLOSED and gate_trophies < investigators:
        forms = ngettext_lazy(
            "Closing the gates needs at least as many unspent gate trophies as investigators "
            "in play: the team holds %(gate_trophies)s for %(investigators)s investigator.",
            "Closing the gates needs at least as many unspent gate trophies as investigators "
            "in play: the team holds %(gate_trophies)s for %(investigators)s investigators.",
        )
        counts = {"gate_trophies": gate_trophies, "investigators": investigators}
        return [Message(*forms, count="investigators", **counts)]
    if outcome == SEALED and elder_sign_tokens < SEALED_MIN_TOKENS:
        template = gettext_noop(
            "Sealing the gates needs %(least)s or more elder sign tokens on the board: "
            "%(tokens)s recorded."
        )
        return [Message(template, least=SEALED_MIN_TOKENS, tokens=elder_sign_tokens)]
    if outcome == BANISHED and not can_be_banished(ancient_one):
        return [Message(NEVER_BANISHED)]
    return []


def defeat_cause_problems(*, cause: str, ancient_one: str, boxes: set[str]) -> list[str]:
    """One readable sentence (a ``Message``) per reason a defeat cause cannot have happened."""
    if cause not in DEFEAT_CAUSES:
        return [Message(gettext_noop("Unknown defeat cause %(cause)s."), cause=repr(cause))]
    if cause == AZATHOTH_AWAKENED and ancient_one != AZATHOTH:
        template = gettext_noop(
            "Only Azathoth's awakening ends the game this way, not %(ancient_one)s's."
        )
        return [Message(template, ancient_one=ancient_one)]
    if cause == DEVOURED and ancient_one == AZATHOTH:
        return [Message(NEVER_FOUGHT)]
    if cause == ACT_III and not boxes & ACT_DECK_BOXES:
        return [Message(NO_ACT_DECK)]
    if cause == ANCIENT_ONE_SPECIAL and ancient_one not in OWN_DEFEAT_RULE:
        template = gettext_noop(
            "%(ancient_one)s has no defeat rule of its own: choose how the game was lost."
        )
        return [Message(template, ancient_one=ancient_one)]
    return []


def can_be_banished(ancient_one: str) -> bool:
    """Azathoth cannot be banished: his awakening ends the game in defeat."""
    return ancient_one != AZATHOTH


def possible_endings(ancient_one: str) -> list[tuple[str, str]]:
    """(outcome, defeat cause or "") of every way a game against ``ancient_one`` can end:
    what ``victory_problems`` and ``defeat_cause_problems`` allow with every box in play."""
    victories = [(o, "") for o in VICTORIES if o != BANISHED or can_be_banished(ancient_one)]
    every_box = set(ACT_DECK_BOXES)
    return victories + [
        (DEFEAT, cause)
        for cause in DEFEAT_CAUSES
        if not defeat_cause_problems(cause=cause, ancient_one=ancient_one, boxes=every_box)
    ]


def survives(*, ended: str, outcome: str) -> bool:
    """Whether a seat that ``ended`` so counts as sane and surviving (ruling 6).

    Sane counts; lost in time and space counts in a closed or sealed victory only (the
    Ancient One never awoke); devoured and retired never count.
    """
    return ended == ENDED_SANE or (ended == ENDED_LOST and outcome in LOST_STILL_IN_PLAY)


def seat_problems(*, ended: str, outcome: str) -> list[str]:
    """One readable sentence per reason a seat cannot have ended so in this outcome."""
    if ended == ENDED_LOST and outcome == BANISHED:
        return [LOST_WHEN_AWOKEN]
    return []


def max_unpaid_loans(investigators_who_played: int) -> int:
    """An investigator holds at most one Bank Loan, so at most one per investigator."""
    return investigators_who_played


@dataclass(frozen=True)
class SeatResult:
    """How one seat (investigator slot) ended the game, as the rules need it."""

    player: str
    sane_and_surviving: bool
    replaced: int = 0  # earlier investigators this seat lost and replaced
    gate_trophies: int = 0
    monster_trophies: int = 0
    unpaid_loans: int = 0


@dataclass(frozen=True)
class TeamTotals:
    """Team totals that the score and the preconditions are computed from."""

    investigators: int  # in play at the end: one per seat
    investigators_who_played: int  # including those lost and replaced
    survivors: int
    gate_trophies: int
    monster_trophies: int
    unpaid_loans: int


def team_totals(seats: list[SeatResult]) -> TeamTotals:
    """Add up the seats: investigators in play is the number of seats."""
    return TeamTotals(
        investigators=len(seats),
        investigators_who_played=sum(1 + seat.replaced for seat in seats),
        survivors=sum(1 for seat in seats if seat.sane_and_surviving),
        gate_trophies=sum(seat.gate_trophies for seat in seats),
        monster_trophies=sum(seat.monster_trophies for seat in seats),
        unpaid_loans=sum(seat.unpaid_loans for seat in seats),
    )


def first_citizens_of(seats: list[SeatResult]) -> set[str]:
    """First Citizens of a table, summing each player's investigators."""
    held: dict[str, tuple[int, int]] = {}
    for seat in seats:
        gates, monsters = held.get(seat.player, (0, 0))
        held[seat.player] = (gates + seat.gate_trophies, monsters + seat.monster_trophies)
    return first_citizens(held)


def first_citizens_in_seat_order(seats: list[SeatResult]) -> list[str]:
    """Each titled player once, in the order they first sit: how the title is shown.

    A player with several seats holds the title once; "shared" means between people.
    """
    winners = first_citizens_of(seats)
    return list(dict.fromkeys(seat.player for seat in seats if seat.player in winners))


def seat_flags(seats: list[SeatResult], *, victory: bool) -> list[tuple[bool, bool]]:
    """(First Citizen?, the player's first seat at this game?) for each seat, in order.

    Seats are taken in the order given (seat order), so a player who ran several
    investigators counts once per game wherever per-player totals are added up; a defeat
    crowns nobody.
    """
    winners = first_citizens_of(seats) if victory else set()
    seen: set[str] = set()
    flags = []
    for seat in seats:
        flags.append((seat.player in winners, seat.player not in seen))
        seen.add(seat.player)
    return flags


def table_problems(totals: TeamTotals) -> list[str]:
    """Range checks on the table itself: 1-8 investigators, loans at most one each."""
    problems: list[str] = []
    if not MIN_INVESTIGATORS <= totals.investigators <= MAX_INVESTIGATORS:
        template = gettext_noop(
            "A game has between %(least)s and %(most)s investigators in play: "
            "%(investigators)s recorded."
        )
        bounds = {"least": MIN_INVESTIGATORS, "most": MAX_INVESTIGATORS}
        problems.append(Message(template, **bounds, investigators=totals.investigators))
    if totals.unpaid_loans > max_unpaid_loans(totals.investigators_who_played):
        forms = ngettext_lazy(
            "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for "
            "%(played)s investigator who played.",
            "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for "
            "%(played)s investigators who played.",
        )
        played = totals.investigators_who_played
        problems.append(Message(*forms, count="played", loans=totals.unpaid_loans, played=played))
    return problems
