"""Signals and hooks of the league's write side. Imports only Django, so the models use it.

- ``league_changed``: sent inside the writing transaction, once per write of games (by the
  summaries' upkeep, ``games.summaries.tracking``) and by other writes that bypass
  ``save()`` (a rebuild of the summaries). ``public`` (default ``True``) is ``False`` when
  the write changed nothing a public page shows (only games no visitor sees). ``rows``
  (the summary rows' keys the write changed) and ``games`` (their ids) name what it
  touched, so only the pages showing those are retired; without ``rows``, every page.
- ``games_changed(before, after)``: sent by the summaries' upkeep inside the writing
  transaction, with each touched game's facts before and after the write (``{pk: facts}``,
  ``None`` or missing for a game that did not exist): the ratings' backlog listens.
- ``game_write(ids)``: what the models wrap each of their writes of games in (``Session``
  and ``Seat`` saves and deletes, ``Session.rescore``). By default a plain
  ``transaction.atomic()``; the summaries plug their upkeep in with ``game_write_use()``
  from ``GamesConfig.ready()``, so the floor that defines the games never imports the
  summaries built on top of it, and every write through the models keeps them right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol

from django.db import transaction
from django.dispatch import Signal

league_changed = Signal()
games_changed = Signal()


class GameWrite(Protocol):
    """What a write tells the hook while it runs."""

    def add_created(self, pk: int) -> None:
        """A game this write created (it had no row when the write began)."""


GameWriteHandler = Callable[[Iterable[int | None]], AbstractContextManager[GameWrite]]


class _Untracked:
    def add_created(self, pk: int) -> None:
        pass


@contextmanager
def _atomic(ids: Iterable[int | None]) -> Iterator[GameWrite]:
    with transaction.atomic():
        yield _Untracked()


_handler: GameWriteHandler = _atomic


def game_write_use(handler: GameWriteHandler) -> None:
    """Wrap every write of games the models make in ``handler(ids)`` from now on."""
    global _handler
    _handler = handler


def game_write(ids: Iterable[int | None] = ()) -> AbstractContextManager[GameWrite]:
    """A block writing the games ``ids`` (``None`` for one not saved yet), atomically."""
    return _handler(ids)
