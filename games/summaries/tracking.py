"""Summary upkeep around a write: minus each game's contribution before, plus after.

``tracking(ids)`` wraps a write in a transaction. Games named up front, or registered while
it runs (the models' own writes, through ``games.signals.game_write``), are read before
they change; when the block ends they are read again and the difference is applied to the
summary rows in the same transaction. Trackers nest: an inner one registers its games with
the outermost, which applies once. A write that touched any game then sends
``league_changed`` once (rows written in bulk send no ``post_save`` of their own), with
``public=False`` when no game it touched was approved before or after (such a write retires
no cached page), else naming the summary rows and games it changed, so the cache retires
only the pages showing them (``league.caching``).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import transaction

from games.models import Session, Status
from games.signals import games_changed, league_changed

from . import contribution as c
from . import store

_state = threading.local()


class Tracker:
    def __init__(self) -> None:
        self.before: dict[int, c.GameFacts | None] = {}
        # Games whose facts after the write are known without reading them (``rewritten``).
        self.known: dict[int, c.GameFacts] = {}

    def add(self, ids: Iterable[int | None]) -> None:
        """Read these games as they are now, unless already read in this write. A game
        about to be written again is read again after the write, whatever was known."""
        ids = [pk for pk in ids if pk is not None]
        for pk in ids:
            self.known.pop(pk, None)
        new = {pk for pk in ids if pk not in self.before}
        if not new:
            return
        facts = _facts(new)
        for pk in new:
            self.before[pk] = facts.get(pk)

    def rewritten(self, fields: dict[int, dict]) -> None:
        """Games this write changed in ``fields`` alone (a rescore's scores): their facts
        after are their facts before with these values, so they are not read again (at a
        million games, a third of a rescore's own work)."""
        for pk, values in fields.items():
            facts = self.before.get(pk)
            if facts is not None:
                self.known[pk] = dataclasses.replace(facts, **values)

    def add_created(self, pk: int) -> None:
        """A game this write created: it contributed nothing before."""
        self.before.setdefault(pk, None)

    def apply(self) -> None:
        """Apply the games' changes to the summaries and say the league changed."""
        if not self.before:
            return
        after = _facts(pk for pk in self.before if pk not in self.known)
        after.update(self.known)
        # Whether any of the games is (or was) on public pages: only approved games add to
        # the rows, so a pending game's write has none.
        public = any(
            facts is not None and facts.status == Status.APPROVED
            for facts in (*self.before.values(), *after.values())
        )
        delta: c.Delta = {}
        if public:
            seasons = store.season_spans()
            for pk, facts in self.before.items():
                c.change_into(delta, facts, after.get(pk), seasons)
            store.apply(delta, seasons)
        games_changed.send(sender=Tracker, before=self.before, after=after)
        league_changed.send(
            sender=Tracker, public=public, rows=tuple(delta), games=tuple(self.before)
        )


# Games read per query: a rescore of thousands of games reads them in a few queries, each
# well under SQLite's limit of bound parameters.
FACTS_PER_QUERY = 2000


def _facts(ids: Iterable[int]) -> dict[int, c.GameFacts]:
    ids = sorted(ids)
    facts: dict[int, c.GameFacts] = {}
    for start in range(0, len(ids), FACTS_PER_QUERY):
        part = ids[start : start + FACTS_PER_QUERY]
        facts.update(store.game_facts(Session.objects.filter(pk__in=part)))
    return facts


def active() -> Tracker | None:
    return getattr(_state, "tracker", None)


@contextmanager
def tracking(ids: Iterable[int | None] = ()) -> Iterator[Tracker]:
    """Keep the summaries right across the write in this block (see the module doc)."""
    outer = active()
    if outer is not None:
        outer.add(ids)
        yield outer
        return
    tracker = Tracker()
    _state.tracker = tracker
    try:
        with transaction.atomic():
            tracker.add(ids)
            yield tracker
            tracker.apply()
    finally:
        _state.tracker = None


@contextmanager
def suspended() -> Iterator[None]:
    """No upkeep in this block (bulk loads that rebuild the summaries afterwards)."""
    previous = active()
    _state.tracker = _Ignore()
    try:
        yield
    finally:
        _state.tracker = previous


class _Ignore(Tracker):
    def add(self, ids) -> None:
        pass

    def add_created(self, pk) -> None:
        pass
