"""Rate the approved games again, in order, from one game on (or all of them).

``ratings_replay(start)`` removes every rating point from the game at ``start`` on, puts
each subject (player, Ancient One, table) back where its last earlier point left it (or
at its start), rates the games from ``start`` on in ``GAME_ORDER`` and writes their points
and the current ratings. A subject's ``Rating`` row is always its last point, so a
subject with no point from ``start`` on is already where the replay must begin.

``ratings_catch_up()`` replays from the earliest game the backlog names and clears it:
the background job's work. Both run under a lock on the one ``RatingState`` row, so two
replays never interleave.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Min, Q, QuerySet
from django.utils import timezone

from games import rating_rules as rr
from games.models import (
    Outcome,
    PlayerStanding,
    Rating,
    RatingBacklog,
    RatingPoint,
    RatingState,
    Seat,
    Session,
    Status,
)
from games.signals import league_changed
from games.summaries import contribution as c
from league.models import Season

Key = tuple[datetime.date, datetime.datetime, int]
Subject = tuple[str, int]
CHUNK = 2000
FEW_ROWS = 20  # a game rates at most 8 players, its Ancient One and its table size
RESTORE_CHUNK = 200
# A subject's foreign key on ``Rating`` by its kind.
FIELDS = {rr.PLAYER: "player_id", rr.ANCIENT_ONE: "ancient_one_id", rr.TABLE: "table_players"}


def from_game(key: Key, fields: Iterable[str], *, strict: bool = False) -> Q:
    """Rows at or after (``strict``: after) the game at ``key`` in ``GAME_ORDER``, where
    ``fields`` name the row's columns for the order's three fields."""
    (day, moment, pk), (f_day, f_moment, f_pk) = key, tuple(fields)
    last = Q(**{f_day: day, f_moment: moment, f"{f_pk}__{'gt' if strict else 'gte'}": pk})
    return Q(**{f"{f_day}__gt": day}) | Q(**{f_day: day, f"{f_moment}__gt": moment}) | last


POINT_ORDER = ("played_on", "created_at", "session_id")


def rated_games(start: Key | None = None, *, strict: bool = False) -> QuerySet:
    """The approved games in rating order (``rating_rules.GAME_ORDER``), from ``start`` on."""
    games = Session.objects.filter(status=Status.APPROVED).order_by(*rr.GAME_ORDER)
    return games if start is None else games.filter(from_game(start, rr.GAME_ORDER, strict=strict))


@dataclass
class Entry:
    rating_id: int
    skill: rr.Skill
    games: int
    touched: bool = False


class Book:
    """The subjects' ratings while a replay runs, read from the database as needed."""

    def __init__(self) -> None:
        self.entries: dict[Subject, Entry] = {}

    def restore(self, firsts: dict[int, int]) -> None:
        """Put subjects whose points from the start on were removed back where their
        last earlier point (number ``first - 1``) left them."""
        ids = list(firsts)
        # A few hundred subjects a query: SQLite reads a long OR as a deep expression tree.
        for at in range(0, len(ids), RESTORE_CHUNK):
            chunk = ids[at : at + RESTORE_CHUNK]
            wanted = Q(pk__in=[])
            for rating_id in chunk:
                if firsts[rating_id] > 1:
                    wanted |= Q(rating_id=rating_id, n=firsts[rating_id] - 1)
            earlier = {
                rating_id: rr.Skill(mu, sigma)
                for rating_id, mu, sigma in RatingPoint.objects.filter(wanted).values_list(
                    "rating_id", "mu", "sigma"
                )
            }
            for row in Rating.objects.filter(pk__in=chunk).only(*FIELDS.values()):
                kind, key = subject_of(row)
                skill = earlier.get(row.pk) or rr.starting(kind, key)
                self.entries[(kind, key)] = Entry(row.pk, skill, firsts[row.pk] - 1, True)

    def load(self, wanted: set[Subject]) -> None:
        """Bring in subjects not seen yet: their stored rating, or a new one at the start."""
        missing = wanted - set(self.entries)
        if not missing:
            return
        for kind, field in FIELDS.items():
            keys = [key for k, key in missing if k == kind]
            if not keys:
                continue
            # Not the chart (``history``): the replay writes it anew.
            subjects = Rating.objects.filter(**{f"{field}__in": keys})
            for row in subjects.only(*FIELDS.values(), "mu", "sigma", "games"):
                self.entries[(kind, getattr(row, field))] = Entry(
                    row.pk, rr.Skill(row.mu, row.sigma), row.games
                )
            new = [key for key in keys if (kind, key) not in self.entries]
            rows = [_new_rating(kind, key) for key in new]
            Rating.objects.bulk_create(rows)
            for key, row in zip(new, rows, strict=True):
                self.entries[(kind, key)] = Entry(row.pk, rr.Skill(row.mu, row.sigma), 0)

    def save(self) -> None:
        """Write every touched subject's rating; drop those left with no game."""
        touched = [entry for entry in self.entries.values() if entry.touched]
        gone = [entry.rating_id for entry in touched if entry.games == 0]
        rows = [
            Rating(
                pk=entry.rating_id, mu=entry.skill.mu, sigma=entry.skill.sigma, games=entry.games
            )
            for entry in touched
            if entry.games
        ]
        players = {
            entry.rating_id: entry.games
            for (kind, _), entry in self.entries.items()
            if kind == rr.PLAYER and entry.touched and entry.games
        }
        histories = _histories(players)
        for row in rows:
            row.history = histories.get(row.pk, [])
            row.value = rr.rating_value(row.history) if row.history else row.mu
        fields = ["mu", "sigma", "value", "games", "history"]
        if len(rows) > FEW_ROWS:
            Rating.objects.bulk_update(rows, fields, batch_size=CHUNK)
        else:  # a game's few: plain UPDATEs cost less to build than bulk_update's CASEs
            for row in rows:
                Rating.objects.filter(pk=row.pk).update(**{f: getattr(row, f) for f in fields})
        Rating.objects.filter(pk__in=gone).delete()


def _histories(games: dict[int, int], per_query: int = 50) -> dict[int, list]:
    """Each player's chart sample (``rating_rules.chart_sample``) read from their points,
    ``per_query`` players a query (at most the sample's size of rows each)."""
    size = settings.LEAGUE_RATING_CHART_POINTS
    ids = list(games)
    found: dict[int, list] = {}
    for at in range(0, len(ids), per_query):
        wanted = Q(pk__in=[])
        for rating_id in ids[at : at + per_query]:
            wanted |= Q(rating_id=rating_id, n__in=rr.chart_sample(games[rating_id], size))
        for rating_id, n, day, mu, sigma in (
            RatingPoint.objects.filter(wanted)
            .order_by("rating_id", "n")
            .values_list("rating_id", "n", "played_on", "mu", "sigma")
        ):
            found.setdefault(rating_id, []).append([n, day.isoformat(), mu, sigma])
    return found


def subject_of(row: Rating) -> Subject:
    for kind, field in FIELDS.items():
        if getattr(row, field) is not None:
            return kind, getattr(row, field)
    raise ValueError(f"{row} rates nothing")


def _new_rating(kind: str, key: int) -> Rating:
    skill = rr.starting(kind, key)
    return Rating(**{FIELDS[kind]: key}, mu=skill.mu, sigma=skill.sigma, value=skill.mu, games=0)


def _chunks(start: Key | None):
    """The approved games from ``start`` on, a chunk at a time, each game with its
    distinct players (keyset pages: no offset, no cursor held across writes)."""
    games = rated_games(start)
    while True:
        rows = list(
            games.values_list("pk", "played_on", "created_at", "ancient_one_id", "outcome")[:CHUNK]
        )
        if not rows:
            return
        players: dict[int, set[int]] = {}
        for session_id, player_id in Seat.objects.filter(
            session_id__in=[row[0] for row in rows]
        ).values_list("session_id", "player_id"):
            players.setdefault(session_id, set()).add(player_id)
        yield [(*row, tuple(sorted(players.get(row[0], ())))) for row in rows]
        last = rows[-1]
        games = rated_games((last[1], last[2], last[0]), strict=True)


@transaction.atomic
def ratings_replay(
    start: Key | None = None, progress: Callable[[int, int], None] | None = None
) -> int:
    """Rate every approved game from the game at ``start`` on (all when None) again and
    store the result; returns how many games were rated."""
    state, _ = RatingState.objects.select_for_update().get_or_create(pk=1)
    rated_players: set[int] = set()
    rated_ancient_ones: set[int] = set()
    book = Book()
    if start is None:
        # One DELETE statement: no signal listens to rating points (the replay sends
        # ``league_changed`` once), so Django deletes them without reading them.
        RatingPoint.objects.all().delete()
        Rating.objects.all().delete()
    else:
        later = RatingPoint.objects.filter(from_game(start, POINT_ORDER))
        firsts = dict(
            later.values("rating_id").annotate(first=Min("n")).values_list("rating_id", "first")
        )
        later.delete()
        book.restore(firsts)
        # Rolled back, so changed even if no later game rates them again.
        for player, ancient_one in Rating.objects.filter(pk__in=firsts).values_list(
            "player_id", "ancient_one_id"
        ):
            rated_players.update([player] if player else [])
            rated_ancient_ones.update([ancient_one] if ancient_one else [])
    # The job's progress bar; the count is a query of its own.
    total = rated_games(start).count() if progress is not None else 0
    done = 0
    for chunk in _chunks(start):
        _rate_chunk(book, chunk)
        done += len(chunk)
        for row in chunk:
            rated_ancient_ones.add(row[3])
            rated_players.update(row[5])
        if progress is not None:
            progress(done, total)
    book.save()
    state.as_of = timezone.now()
    state.save(update_fields=["as_of"])
    # A full replay retires every page; a forward one only the pages it changed.
    rows = None if start is None else _shown_in(rated_players, rated_ancient_ones)
    league_changed.send(sender=ratings_replay, rows=rows, games=())
    return done


def _shown_in(players: set[int], ancient_ones: set[int]) -> tuple:
    """Summary-row keys naming the pages a replay changes (for the page cache), in the
    leagues the rated players play in: their pages, the standings of every season and of
    all time (the rating column), the Ancient Ones' pages and lists (their difficulty). A
    player left with no game has no public page, so is not among them."""
    in_leagues = PlayerStanding.objects.filter(player__in=players, scope__lt=c.ALL_LEAGUES)
    pairs = set(in_leagues.values_list("player", "scope"))
    leagues = sorted({-scope for _player, scope in pairs})
    seasons = Season.objects.filter(league__in=leagues).values_list("pk", flat=True)
    rows = [(c.PLAYER, pair) for pair in sorted(pairs)]
    rows += [(c.PLAYER, (player, scope)) for player in sorted(players)[:1] for scope in seasons]
    # The Ancient One score rows' other key columns (table size, score) name no page.
    rows += [
        (c.ANCIENT_ONE_SCORE, (ao, -league, 0, 0))
        for ao in sorted(ancient_ones)
        for league in leagues
    ]
    return tuple(rows)


def _rate_chunk(book: Book, chunk: list[tuple]) -> None:
    games = [
        (
            row,
            rr.MatchFacts(
                ancient_one_id=row[3], victory=row[4] != Outcome.DEFEAT, player_ids=row[5]
            ),
        )
        for row in chunk
        if row[5]
    ]
    book.load({subject for _, facts in games for subject in rr.subjects(facts)})
    points = []
    for (pk, played_on, created_at, *_), facts in games:
        subjects = rr.subjects(facts)
        entries = [book.entries[subject] for subject in subjects]
        skills = [entry.skill for entry in entries]
        players, ancient_one, table = rr.rate(
            skills[:-2], skills[-2], skills[-1], victory=facts.victory
        )
        for entry, skill in zip(entries, [*players, ancient_one, table], strict=True):
            entry.skill, entry.games, entry.touched = skill, entry.games + 1, True
            points.append(
                RatingPoint(
                    rating_id=entry.rating_id,
                    n=entry.games,
                    session_id=pk,
                    played_on=played_on,
                    created_at=created_at,
                    mu=skill.mu,
                    sigma=skill.sigma,
                )
            )
    RatingPoint.objects.bulk_create(points, batch_size=CHUNK)


def ratings_catch_up(progress: Callable[[int, int], None] | None = None) -> int:
    """Replay from the earliest game the backlog names, and clear what it named; returns
    how many games were rated (0 when the backlog was empty)."""
    with transaction.atomic():
        # The backlog is read and cleared under the lock the replay takes.
        RatingState.objects.select_for_update().get_or_create(pk=1)
        marks = list(
            RatingBacklog.objects.values_list("pk", "played_on", "created_at", "session_id")
        )
        if not marks:
            return 0
        start = min((day, moment, pk) for _, day, moment, pk in marks)
        RatingBacklog.objects.filter(pk__in=[mark[0] for mark in marks]).delete()
        return ratings_replay(start, progress)
