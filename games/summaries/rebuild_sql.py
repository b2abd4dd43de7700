"""The summary rows recomputed by the database: one ``INSERT ... SELECT ... GROUP BY``
per table, the same sums as ``contribution`` (the property test in
``tests/test_summaries.py`` holds the two to each other).

A rebuild of a million games is a dozen grouped scans instead of a million Python
calls, so a bulk load (``seed_demo``) or ``rebuild_summaries`` takes seconds to
minutes, not an hour.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

from games.models import Session

from . import contribution as c
from . import store
from .scopes import (
    APPROVED,
    all_time_scopes,
    month_sql,
    scopes_cte,
    season_scopes,
)

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


def _statements(approved: str) -> dict[str, str]:
    """``table name -> SELECT`` producing its rows (columns in ``store.TABLES`` order)."""
    games = f"games_session s JOIN scopes sc ON {approved}"
    month = month_sql()
    return {
        c.PLAYER: f"""
            SELECT p.player_id, sc.id, {TALLY},
                   SUM(CASE WHEN {WON} THEN p.titled ELSE 0 END), SUM(p.gates), SUM(p.monsters),
                   {BEST}
            FROM {games} JOIN {PLAYERS} p ON p.session_id = s.id
            GROUP BY p.player_id, sc.id""",
        c.PLAYER_ANCIENT_ONE: f"""
            SELECT p.player_id, sc.id, s.ancient_one_id, {TALLY}, {BEST}
            FROM {games} JOIN {PLAYERS} p ON p.session_id = s.id
            GROUP BY p.player_id, sc.id, s.ancient_one_id""",
        c.PLAYER_MONTH: f"""
            SELECT p.player_id, sc.id, {month}, {TALLY}, {BEST}
            FROM {games} JOIN {PLAYERS} p ON p.session_id = s.id
            GROUP BY p.player_id, sc.id, {month}""",
        c.PLAYER_INVESTIGATOR: f"""
            SELECT t.player_id, sc.id, t.investigator_id, COUNT(*), SUM({VICTORY})
            FROM {games} JOIN games_seat t ON t.session_id = s.id
            GROUP BY t.player_id, sc.id, t.investigator_id""",
        c.PLAYER_TEAMMATE: f"""
            SELECT p.player_id, sc.id, q.player_id, COUNT(*), SUM({VICTORY})
            FROM {games} JOIN {PLAYERS} p ON p.session_id = s.id
            JOIN {PLAYERS} q ON q.session_id = s.id AND q.player_id <> p.player_id
            GROUP BY p.player_id, sc.id, q.player_id""",
        c.TEAM: f"""
            SELECT s.team_id, sc.id, {TALLY}, SUM({ENTRY}), SUM({ENTRY_POINTS}), {BEST}
            FROM {games} WHERE s.team_id IS NOT NULL
            GROUP BY s.team_id, sc.id""",
        c.TEAM_ANCIENT_ONE: f"""
            SELECT s.team_id, sc.id, s.ancient_one_id, {TALLY}, {BEST}
            FROM {games} WHERE s.team_id IS NOT NULL
            GROUP BY s.team_id, sc.id, s.ancient_one_id""",
        c.TEAM_MONTH: f"""
            SELECT s.team_id, sc.id, {month}, {TALLY}, {BEST}
            FROM {games} WHERE s.team_id IS NOT NULL
            GROUP BY s.team_id, sc.id, {month}""",
        c.ANCIENT_ONE_OUTCOME: f"""
            SELECT s.ancient_one_id, sc.id, s.outcome, s.defeat_cause, COUNT(*)
            FROM {games}
            GROUP BY s.ancient_one_id, sc.id, s.outcome, s.defeat_cause""",
        c.ANCIENT_ONE_SCORE: f"""
            SELECT s.ancient_one_id, sc.id, s.investigator_count, s.score, COUNT(*)
            FROM {games} WHERE {WON} AND s.score IS NOT NULL
            GROUP BY s.ancient_one_id, sc.id, s.investigator_count, s.score""",
        c.INVESTIGATOR: f"""
            SELECT t.investigator_id, sc.id, {TALLY},
                   {", ".join(_ended(name) for name in c.SEAT_ENDINGS_COUNTED)}, {BEST}
            FROM {games} JOIN games_seat t ON t.session_id = s.id
            GROUP BY t.investigator_id, sc.id""",
        c.INVESTIGATOR_ANCIENT_ONE: f"""
            SELECT t.investigator_id, sc.id, s.ancient_one_id, {TALLY}, {BEST}
            FROM {games} JOIN games_seat t ON t.session_id = s.id
            GROUP BY t.investigator_id, sc.id, s.ancient_one_id""",
        c.INVESTIGATOR_TABLE_SIZE: f"""
            SELECT t.investigator_id, sc.id, s.investigator_count, {TALLY}, {BEST}
            FROM {games} JOIN games_seat t ON t.session_id = s.id
            GROUP BY t.investigator_id, sc.id, s.investigator_count""",
        c.HERALD: f"""
            SELECT s.herald_id, sc.id, {TALLY}, {BEST}
            FROM {games} WHERE s.herald_id IS NOT NULL
            GROUP BY s.herald_id, sc.id""",
        c.BOX: f"""
            SELECT b.box_id, sc.id, {TALLY}, {BEST}
            FROM {games} JOIN {BOXES} b ON b.session_id = s.id
            GROUP BY b.box_id, sc.id""",
        c.ANCIENT_ONE_TABLE_SIZE: f"""
            SELECT s.ancient_one_id, sc.id, s.investigator_count, {TALLY}, {BEST}
            FROM {games}
            GROUP BY s.ancient_one_id, sc.id, s.investigator_count""",
    }


def _ended(name: str) -> str:
    # ``name`` is one of the module's own constants, never user input.
    return f"SUM(CASE WHEN t.ended = '{name}' THEN 1 ELSE 0 END)"


def _entry_statements() -> dict[str, str]:
    entries = "games_session s WHERE s.status = 'approved' AND s.is_entry"
    entries += " AND s.scenario_id IS NOT NULL"
    series = "JOIN games_scenario n ON n.id = s.scenario_id AND n.series_id IS NOT NULL"
    points = "COALESCE(s.scenario_score, 0)"
    return {
        c.SCENARIO: f"""
            SELECT s.scenario_id, COUNT(*), SUM({points})
            FROM {entries} GROUP BY s.scenario_id""",
        c.SERIES_TEAM: f"""
            SELECT n.series_id, s.team_id, COUNT(*), SUM({points})
            FROM games_session s {series}
            WHERE s.status = 'approved' AND s.is_entry AND s.team_id IS NOT NULL
            GROUP BY n.series_id, s.team_id""",
        c.SERIES_PLAYER: f"""
            SELECT n.series_id, p.player_id, COUNT(*), SUM({points})
            FROM games_session s {series}
            JOIN (SELECT DISTINCT session_id, player_id FROM games_seat) p
              ON p.session_id = s.id
            WHERE s.status = 'approved' AND s.is_entry
            GROUP BY n.series_id, p.player_id""",
    }


def rebuild_tables(
    *, spans: Iterable[c.SeasonSpan], all_time: bool, tables: Iterable[str] | None = None
) -> None:
    """Insert freshly computed rows for the given scopes (the rows must be gone already).

    ``all_time`` adds every league's all time and the cross-league scope; ``spans`` are the
    seasons to compute. Tables without a scope (scenario and series entries) are computed
    when ``all_time`` is set.
    """
    scopes = all_time_scopes() if all_time else []
    rebuild_scopes([*scopes, *season_scopes(spans)], entries=all_time, tables=tables)


def rebuild_scopes(
    scopes: list[tuple], *, entries: bool = False, tables: Iterable[str] | None = None
) -> None:
    """Insert the rows of ``scopes`` (``scopes_cte`` rows), and with ``entries`` those of
    the tables without a scope."""
    wanted = set(tables) if tables is not None else set(store.TABLES)
    statements = {}
    if scopes:
        cte, params = scopes_cte(scopes)
        for name, select in _statements(APPROVED).items():
            if name in wanted:
                statements[name] = (cte, select, params)
    if entries:
        for name, select in _entry_statements().items():
            if name in wanted:
                statements[name] = ("", select, [])
    ops = connection.ops
    with connection.cursor() as cursor:
        for name, (cte, select, params) in statements.items():
            table = store.TABLES[name]
            columns = [*table.keys, *table.sums, *(["best_score"] if table.best else [])]
            quoted = ", ".join(ops.quote_name(col) for col in columns)
            target = ops.quote_name(table.model._meta.db_table)
            cursor.execute(f"{cte}INSERT INTO {target} ({quoted}) {select}", params)
