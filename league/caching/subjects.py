"""What a page shows and what a write changes, as the names of versions in the shared cache.

A *subject* (a player, a team, an Ancient One, an investigator, a scenario, a series, a
season's standings, a game, the lists) has its own version ``league:v:<kind>:<slug>``;
``league:v:all`` is every page's. A page names its kind in the URLconf and its subject
is read from the URL, so no query is needed; a write names its subjects from the summary
rows it touched. Slugs, not ids, because the URL carries the slug (docs/caching.md).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable

from games.models import AncientOne, Investigator, Player, Scenario, Series, Team
from games.summaries.contribution import Key
from games.summaries.store import TABLES
from league.models import Season

PREFIX = "league:v:"
ALL_KEY = PREFIX + "all"
LISTS_KEY = PREFIX + "lists"
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


def subject_key(kind: str, value: object) -> str:
    """The cache key of one subject's version; a value that is not a short slug (anything
    a visitor typed into ``?season=``) is hashed, so every key is safe for every backend."""
    text = str(value)
    if not _PLAIN.fullmatch(text):
        text = "#" + hashlib.sha256(text.encode()).hexdigest()[:32]
    return f"{PREFIX}{kind}:{text}"


def page_keys(shows: str, request, kwargs: dict) -> list[str]:
    """The versions a page is built from: every page's, then its subject's."""
    if shows == NOTHING:
        return [ALL_KEY]
    if shows == LISTS:
        return [ALL_KEY, LISTS_KEY]
    if shows == SEASON:
        return [ALL_KEY, subject_key(SEASON, request.GET.get("season") or ALL_TIME_SLUG)]
    return [ALL_KEY, subject_key(shows, kwargs.get("slug", kwargs.get("pk")))]


def touched(rows: Iterable[Key]) -> dict[str, set[int]]:
    """The ids of each kind of subject these summary rows are about."""
    ids: dict[str, set[int]] = defaultdict(set)
    for table, key in rows:
        for column, value in zip(TABLES[table].keys, key, strict=True):
            kind = COLUMNS.get(column)
            if kind is not None:
                ids[kind].add(value)
    return ids


def write_keys(ids: dict[str, set[int]], games: Iterable[int]) -> set[str] | None:
    """The versions a public write retires: of the subjects ``touched`` named and of its
    games; ``None``: too many to name (retire everything). Reads each kind's slugs (one
    query per kind)."""
    games = set(games)
    if sum(map(len, ids.values())) + len(games) > MOST_SUBJECTS:
        return None
    keys = {LISTS_KEY, *(subject_key(GAME, pk) for pk in games)}
    for kind, pks in ids.items():
        if kind == SEASON and min(pks) <= 0:
            keys.add(subject_key(SEASON, ALL_TIME_SLUG))
            pks = {pk for pk in pks if pk > 0}
        if pks:
            slugs = MODELS[kind].objects.filter(pk__in=pks).values_list("slug", flat=True)
            keys.update(subject_key(kind, slug) for slug in slugs)
    return keys
