"""The summary rows recomputed by the database: one ``INSERT ... SELECT ... GROUP BY``
per table, the same sums as ``contribution`` (the property test in
``tests/test_summaries.py`` holds the two to each other).

A rebuild of a million games is a dozen grouped scans instead of a million Python
calls, so a bulk load (``seed_demo``) or ``rebuild_summaries`` takes seconds to
minutes, not an hour.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import connection

from games.models import Session

from . import contribution as c

FAR_PAST = datetime.date(1, 1, 1)
FAR_FUTURE = datetime.date(9999, 12, 31)
NEVER_CLOSES = datetime.datetime(9999, 12, 31, tzinfo=datetime.UTC)

# A game counts in a scope (``sc``, from ``scopes_cte``) when approved, in its span, and
# of its league (a scope without a league: of a public league).
APPROVED = (
    "s.status = 'approved' AND s.played_on >= sc.first_day "
    "AND s.played_on <= sc.last_day AND s.created_at < sc.closes "
    "AND (s.league_id = sc.league OR (sc.league IS NULL AND s.league_id IN "
    "(SELECT pl.id FROM league_league pl WHERE pl.visibility = 'public')))"
)


def scopes_cte(scopes: Iterable[int], spans: Iterable[c.SeasonSpan]) -> tuple[str, list]:
    """``WITH scopes (id, league, first_day, last_day, closes)`` of these scope ids, and its
    parameters; ("", []) when there is none (a season not in ``spans`` is passed over)."""
    seasons = {span.id: span for span in spans}
    rows = []
    for scope in sorted(set(scopes)):
        if scope <= 0:  # a league's all time (-league.pk), or every public league (0)
            league = -scope if scope < 0 else None
            rows.append((scope, league, FAR_PAST, FAR_FUTURE, NEVER_CLOSES))
        elif (span := seasons.get(scope)) is not None:
            rows.append((scope, span.league_id, span.start, span.end, span.closes_at))
    if not rows:
        return "", []
    ops = connection.ops
    params = []
    for scope, league, first, last, closes in rows:
        params += [scope, league, ops.adapt_datefield_value(first)]
        params += [ops.adapt_datefield_value(last), ops.adapt_datetimefield_value(closes)]
    values = ", ".join(["(%s, %s, %s, %s, %s)"] * len(rows))
    # VALUES names its columns column1..column5 on both databases.
    columns = "column1, column2, column3, column4, column5"
    if connection.vendor == "postgresql":
        columns = (
            "CAST(column1 AS integer), CAST(column2 AS bigint), CAST(column3 AS date), "
            "CAST(column4 AS date), CAST(column5 AS timestamptz)"
        )
    cte = (
        "WITH scopes (id, league, first_day, last_day, closes) AS "
        f"(SELECT {columns} FROM (VALUES {values}) AS v) "
    )
    return cte, params


def month_sql() -> str:
    if connection.vendor == "postgresql":
        return "CAST(date_trunc('month', s.played_on) AS date)"
    return "date(s.played_on, 'start of month')"


WON = "s.outcome <> 'defeat'"
VICTORY = f"CASE WHEN {WON} THEN 1 ELSE 0 END"
SCORE = f"CASE WHEN {WON} THEN s.score ELSE 0 END"
BEST = f"MAX(CASE WHEN {WON} THEN s.score END)"
# Columns in ``store.TABLES`` order: key, sums, then the best score last.
TALLY = f"COUNT(*), SUM({VICTORY}), SUM({SCORE})"
ENTRY = "CASE WHEN s.is_entry THEN 1 ELSE 0 END"
ENTRY_POINTS = "CASE WHEN s.is_entry THEN COALESCE(s.scenario_score, 0) ELSE 0 END"

# One row per (game, player): a player holding several seats counts the game once.
PLAYERS = """(
    SELECT session_id, player_id, SUM(gate_trophies) AS gates,
           SUM(monster_trophies) AS monsters,
           MAX(CASE WHEN first_citizen THEN 1 ELSE 0 END) AS titled
    FROM games_seat GROUP BY session_id, player_id
)"""
# The boxes in play of each game (``Session.boxes``' link table).
BOXES = Session.boxes.through._meta.db_table


def _grouped(keys: str, sums: str, source: str) -> str:
    return f"SELECT {keys}, {sums} FROM {source} GROUP BY {keys}"


def statements() -> dict[str, str]:
    """``table name -> SELECT`` producing its rows (columns in ``store.TABLES`` order)."""
    games = f"games_session s JOIN scopes sc ON {APPROVED}"
    players = f"{games} JOIN {PLAYERS} p ON p.session_id = s.id"
    teammates = f"{players} JOIN {PLAYERS} q ON q.session_id = s.id AND q.player_id <> p.player_id"
    seats = f"{games} JOIN games_seat t ON t.session_id = s.id"
    teams = f"{games} WHERE s.team_id IS NOT NULL"
    month = month_sql()
    tally = f"{TALLY}, {BEST}"
    titles = f"SUM(CASE WHEN {WON} THEN p.titled ELSE 0 END), SUM(p.gates), SUM(p.monsters)"
    # The endings are the module's own constants, never user input.
    ended = ", ".join(
        f"SUM(CASE WHEN t.ended = '{name}' THEN 1 ELSE 0 END)" for name in c.SEAT_ENDINGS_COUNTED
    )
    return {
        c.PLAYER: _grouped("p.player_id, sc.id", f"{TALLY}, {titles}, {BEST}", players),
        c.PLAYER_ANCIENT_ONE: _grouped("p.player_id, sc.id, s.ancient_one_id", tally, players),
        c.PLAYER_MONTH: _grouped(f"p.player_id, sc.id, {month}", tally, players),
        c.PLAYER_INVESTIGATOR: _grouped(
            "t.player_id, sc.id, t.investigator_id", f"COUNT(*), SUM({VICTORY})", seats
        ),
        c.PLAYER_TEAMMATE: _grouped(
            "p.player_id, sc.id, q.player_id", f"COUNT(*), SUM({VICTORY})", teammates
        ),
        c.TEAM: _grouped(
            "s.team_id, sc.id", f"{TALLY}, SUM({ENTRY}), SUM({ENTRY_POINTS}), {BEST}", teams
        ),
        c.TEAM_ANCIENT_ONE: _grouped("s.team_id, sc.id, s.ancient_one_id", tally, teams),
        c.TEAM_MONTH: _grouped(f"s.team_id, sc.id, {month}", tally, teams),
        c.ANCIENT_ONE_OUTCOME: _grouped(
            "s.ancient_one_id, sc.id, s.outcome, s.defeat_cause", "COUNT(*)", games
        ),
        c.ANCIENT_ONE_SCORE: _grouped(
            "s.ancient_one_id, sc.id, s.investigator_count, s.score",
            "COUNT(*)",
            f"{games} WHERE {WON} AND s.score IS NOT NULL",
        ),
        c.INVESTIGATOR: _grouped("t.investigator_id, sc.id", f"{TALLY}, {ended}, {BEST}", seats),
        c.INVESTIGATOR_ANCIENT_ONE: _grouped(
            "t.investigator_id, sc.id, s.ancient_one_id", tally, seats
        ),
        c.INVESTIGATOR_TABLE_SIZE: _grouped(
            "t.investigator_id, sc.id, s.investigator_count", tally, seats
        ),
        c.HERALD: _grouped("s.herald_id, sc.id", tally, f"{games} WHERE s.herald_id IS NOT NULL"),
        c.BOX: _grouped("b.box_id, sc.id", tally, f"{games} JOIN {BOXES} b ON b.session_id = s.id"),
        c.ANCIENT_ONE_TABLE_SIZE: _grouped(
            "s.ancient_one_id, sc.id, s.investigator_count", tally, games
        ),
    }


def entry_statements() -> dict[str, str]:
    entries = "games_session s WHERE s.status = 'approved' AND s.is_entry"
    series = (
        "games_session s JOIN games_scenario n ON n.id = s.scenario_id AND n.series_id IS NOT NULL"
    )
    counted = "COUNT(*), SUM(COALESCE(s.scenario_score, 0))"
    return {
        c.SCENARIO: _grouped("s.scenario_id", counted, f"{entries} AND s.scenario_id IS NOT NULL"),
        c.SERIES_TEAM: _grouped(
            "n.series_id, s.team_id",
            counted,
            f"{series} WHERE s.status = 'approved' AND s.is_entry AND s.team_id IS NOT NULL",
        ),
        c.SERIES_PLAYER: _grouped(
            "n.series_id, p.player_id",
            counted,
            f"{series} JOIN (SELECT DISTINCT session_id, player_id FROM games_seat) p "
            "ON p.session_id = s.id WHERE s.status = 'approved' AND s.is_entry",
        ),
    }
