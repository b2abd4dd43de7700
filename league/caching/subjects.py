"""What a page shows and what a write changes, as the names of versions in the shared cache.

A *subject* of a league has its own version ``league:v:<league id>:<kind>:<slug>`` (a
game of one league retires none of the other's); ``league:v:<league id>:all`` is every
page's of that league, ``league:v:all`` every page's (the catalog). Slugs, not ids,
because the URL carries the slug (docs/caching.md).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable

from games.models import AncientOne, Investigator, Player, Scenario, Series, Session, Team
from games.summaries.contribution import ALL_LEAGUES, Key
from games.summaries.store import TABLES
from league.models import League, Season

PREFIX = "league:v:"
ALL_KEY = PREFIX + "all"
# Page kinds (``page_cached(shows=...)``) besides these subjects: the lists, or only
# ``league:v:all`` (a page no game changes: the rules).
LISTS, NOTHING = "lists", ""
PLAYER, TEAM, ANCIENT_ONE, INVESTIGATOR = "player", "team", "ancient-one", "investigator"
SCENARIO, SERIES, SEASON, GAME = "scenario", "series", "season", "game"
ALL_TIME_SLUG = "*"  # no season slug can be "*"
# A write naming more subjects than this retires everything (one cache write per subject).
MOST_SUBJECTS = 300

# Summary key columns, and the subject each names (``scope`` is a season when positive,
# else all time: a league's, or every public league's).
COLUMNS = {
    "player_id": PLAYER,
    "teammate_id": PLAYER,
    "team_id": TEAM,
    "ancient_one_id": ANCIENT_ONE,
    "investigator_id": INVESTIGATOR,
    "scenario_id": SCENARIO,
    "series_id": SERIES,
    "scope": SEASON,
}
MODELS = {
    PLAYER: Player,
    TEAM: Team,
    ANCIENT_ONE: AncientOne,
    INVESTIGATOR: Investigator,
    SCENARIO: Scenario,
    SERIES: Series,
    SEASON: Season,
}
_PLAIN = re.compile(r"[\w*-]{1,100}")


def subject_key(kind: str, value: object, league: int) -> str:
    """A value that is not a short slug (anything typed into ``?season=``) is hashed, so
    every key is safe for every backend."""
    text = str(value)
    if not _PLAIN.fullmatch(text):
        text = "#" + hashlib.sha256(text.encode()).hexdigest()[:32]
    return f"{PREFIX}{league}:{kind}:{text}"


def league_key(league: int) -> str:
    return f"{PREFIX}{league}:all"


def lists_key(league: int) -> str:
    return f"{PREFIX}{league}:{LISTS}"


def page_keys(shows: str, request, kwargs: dict) -> list[str]:
    if shows == NOTHING:
        return [ALL_KEY]
    league = request.league.pk
    keys = [ALL_KEY, league_key(league)]
    if shows == LISTS:
        return [*keys, lists_key(league)]
    if shows == SEASON:
        season = request.GET.get("season") or ALL_TIME_SLUG
        return [*keys, subject_key(SEASON, season, league)]
    return [*keys, subject_key(shows, kwargs.get("slug", kwargs.get("pk")), league)]


def touched(rows: Iterable[Key]) -> dict[str, set[int]]:
    ids: dict[str, set[int]] = defaultdict(set)
    for table, key in rows:
        for column, value in zip(TABLES[table].keys, key, strict=True):
            kind = COLUMNS.get(column)
            if kind is not None:
                ids[kind].add(value)
    return ids


def written_leagues(ids: dict[str, set[int]], games: set[int]) -> set[int]:
    """Its games' and its seasons' leagues; every league when it names neither (a ratings
    replay: a player's rating shows in each league they play in)."""
    scopes = ids.get(SEASON, set())
    leagues = {-scope for scope in scopes if scope < 0}
    if games:
        leagues.update(Session.objects.filter(pk__in=games).values_list("league_id", flat=True))
    if any(scope > 0 for scope in scopes):
        seasons = Season.objects.filter(pk__in=[scope for scope in scopes if scope > 0])
        leagues.update(seasons.values_list("league_id", flat=True))
    return leagues or set(League.objects.values_list("pk", flat=True))


def write_keys(ids: dict[str, set[int]], games: Iterable[int]) -> set[str] | None:
    """The versions a public write retires in the leagues it wrote to; ``None``: too many
    to name (retire everything)."""
    games = set(games)
    leagues = written_leagues(ids, games)
    if (sum(map(len, ids.values())) + len(games) + 1) * len(leagues) > MOST_SUBJECTS:
        return None
    keys = {lists_key(league) for league in leagues}
    keys.update(subject_key(GAME, pk, league) for pk in games for league in leagues)
    for kind, pks in ids.items():
        slugs: list = []
        if kind == SEASON:
            if pks & {ALL_LEAGUES, *(-league for league in leagues)}:
                slugs.append(ALL_TIME_SLUG)
            pks = {pk for pk in pks if pk > 0}
        if pks:
            slugs += MODELS[kind].objects.filter(pk__in=pks).values_list("slug", flat=True)
        keys.update(subject_key(kind, slug, league) for slug in slugs for league in leagues)
    return keys
