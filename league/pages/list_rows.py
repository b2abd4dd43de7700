"""The rows of the pages' fixed lists (the Ancient Ones' table, the home page's three
tables and season leaders, a team's scenario entries, a series' scenarios, the search
results), written in Python as ``summary_rows`` writes the summary tables.

They were template loops. On a cache miss a loop of a few dozen rows with a link, a
``date`` or a ``floatformat`` per cell cost more than the page's queries: the Ancient
Ones' table (40 rows × 12 cells) was over half of its page. Each function writes the
markup its loop wrote: the same cells, labels (``data-label``, for the phone's card
layout), links (``cells.Links``: one ``reverse()`` per kind of object, not per row) and
empty-list text. Every text is escaped; numbers round as ``floatformat`` rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

from django.utils.safestring import SafeString

from league.pages.cells import Links
from league.pages.date_labels import dated, moment
from league.pages.summary_rows import DASH, linked, number, numeric, rounded, rows_or_empty


def _trimmed(value) -> str:
    """``floatformat:"-1"``: one decimal, none when the number is whole."""
    if value is None:
        return DASH
    if float(value).is_integer():
        return str(int(value))
    return rounded(value, 1)


def _short(day) -> str:
    return dated(day, "SHORT_DATE_FORMAT")


def ancient_one_rows(ancient_ones: Iterable) -> SafeString:
    """The league against each Ancient One (``stats.ancient_one_summaries``)."""
    links = Links()
    out = []
    for ao in ancient_ones:
        difficulty = ao.difficulty
        rated = (
            f"{rounded(difficulty.value, 1)} "
            f'<small class="muted">± {rounded(difficulty.sigma, 1)}</small>'
            if difficulty
            else DASH
        )
        win = DASH if ao.win_pct is None else f"{rounded(ao.win_pct, 0)}%"
        out.append(
            "<tr>"
            f'<th scope="row" data-label="Ancient One">{linked(links.url(ao), ao)}</th>'
            + numeric("Doom track", number(ao.doom_track))
            + numeric("Games", number(ao.games))
            + numeric("Difficulty", rated)
            + numeric("Win %", win)
            + numeric("Closed", number(ao.closed))
            + numeric("Sealed", number(ao.sealed))
            + numeric("Banished", number(ao.banished))
            + numeric("Defeats", number(ao.defeat))
            + numeric("Best", number(ao.best_score))
            + numeric("Median", _trimmed(ao.median_score))
            + numeric("Mean", rounded(ao.mean_score, 1))
            + "</tr>"
        )
    return SafeString("\n".join(out))


def _players(links: Links, game) -> str:
    return ", ".join(linked(links.url(player), player) for player in game.players_at_table)


def _table_rows(items: Iterable, row: Callable[[Any], str], empty: str, columns: int):
    return rows_or_empty([row(item) for item in items], empty, columns)


# The cells of the home page's game lists: (links, game) -> one <td>.
def _score_cell(links: Links, game) -> str:
    return numeric("Score", number(game.score))


def _ancient_one_link_cell(links: Links, game) -> str:
    ancient_one = game.ancient_one
    return f'<td data-label="Ancient One">{linked(links.url(ancient_one), ancient_one)}</td>'


def _ancient_one_cell(links: Links, game) -> str:
    return f'<td data-label="Ancient One">{escape(str(game.ancient_one))}</td>'


def _players_cell(links: Links, game) -> str:
    return f'<td data-label="Players">{_players(links, game)}</td>'


def _date_cell(links: Links, game) -> str:
    return f'<td data-label="Date">{linked(links.url(game), _short(game.played_on))}</td>'


def _outcome_cell(links: Links, game) -> str:
    return f'<td data-label="Outcome">{escape(str(game.get_outcome_display()))}</td>'


def _game_rows(games: Iterable, cells: tuple, empty: str) -> SafeString:
    links = Links()

    def row(game) -> str:
        return "<tr>" + "".join(cell(links, game) for cell in cells) + "</tr>"

    return _table_rows(games, row, empty, len(cells))


def best_game_rows(games: Iterable) -> SafeString:
    """The home page's ten best victories: score, Ancient One, players, date."""
    cells = (_score_cell, _ancient_one_link_cell, _players_cell, _date_cell)
    return _game_rows(games, cells, "No approved victories yet.")


def latest_game_rows(games: Iterable) -> SafeString:
    """The home page's latest approved games: date, Ancient One, outcome, score."""
    cells = (_date_cell, _ancient_one_cell, _outcome_cell, _score_cell)
    return _game_rows(games, cells, "No approved games yet.")


def first_citizen_rows(rows: Iterable) -> SafeString:
    """The home page's most frequent First Citizens (all-time standings rows)."""
    links = Links()

    def row(standing) -> str:
        return (
            f'<tr><td data-label="Player">{linked(links.url(standing.player), standing.player)}'
            f"</td>{numeric('Titles', number(standing.first_citizen_titles))}</tr>"
        )

    return _table_rows(rows, row, "No titles yet.", 2)


def season_leader_items(rows: Iterable, season) -> SafeString:
    """The current season's leaders, each linked to their record in the season."""
    links = Links()
    query = f"?season={season.slug}"
    return SafeString(
        "".join(
            f"<li>{linked(links.url(row.player) + query, row.player)}: "
            f"{row.victories} of {row.games}</li>"
            for row in rows
        )
    )


def team_entry_rows(entries: Iterable) -> SafeString:
    """A team's scenario entries: scenario, series, both scores and the game."""
    links = Links()
    out = []
    for entry in entries:
        scenario = entry.scenario
        series = scenario.series
        game = f"{entry.ancient_one}, {dated(entry.played_on, 'j M Y')}"
        out.append(
            f'<tr><th scope="row" data-label="Scenario">{linked(links.url(scenario), scenario)}'
            "</th>"
            f'<td data-label="Series">{linked(links.url(series), series) if series else DASH}</td>'
            + numeric("Scenario score", number(entry.scenario_score))
            + numeric("Rulebook score", number(entry.score))
            + f'<td data-label="Game">{linked(links.url(entry), game)}</td></tr>'
        )
    return rows_or_empty(out, "No scenario entered yet.", 5)


def series_scenario_items(scenarios: Iterable) -> SafeString:
    """A series' scenarios: when each is open and how many teams entered it."""
    links = Links()
    out = []
    for scenario in scenarios:
        entries = scenario.entries
        out.append(
            f'<li>{linked(links.url(scenario), scenario)} <span class="muted">— '
            f"{escape(moment(scenario.opens_at, 'j M'))} to "
            f"{escape(moment(scenario.closes_at, 'j M Y'))}, {entries} "
            f"entr{'y' if entries == 1 else 'ies'}</span></li>"
        )
    return SafeString("".join(out) or "<li>No scenarios yet.</li>")


def search_result_items(rows: Iterable) -> SafeString:
    """One kind's search results: each name linked, an investigator's occupation beside."""
    links = Links()
    out = []
    for row in rows:
        occupation = getattr(row, "occupation", "")
        extra = f' <span class="muted">{escape(str(occupation))}</span>' if occupation else ""
        out.append(f"<li>{linked(links.url(row), row.name)}{extra}</li>\n    ")
    return SafeString("".join(out))
