"""Signals and hooks of the league's write side. Imports only Django, so the models use it.

- ``league_changed``: sent inside the writing transaction, once per write of games (by the
  summaries' upkeep, ``games.summaries.tracking``) and by other writes that bypass
  ``save()`` (a rebuild of the summaries). ``public=False`` when the write changed nothing
  a public page shows; ``rows`` (the summary rows' keys) and ``games`` (their ids) name
  what it touched, so only the pages showing those are retired; without ``rows``, every page.
- ``games_changed(before, after)``: each touched game's facts before and after the write
  (``{pk: facts}``, ``None`` or missing for a game that did not exist): the ratings'
  backlog listens.
- ``game_write(ids)``: what the models wrap each of their writes of games in; a plain
  ``transaction.atomic()`` until the summaries plug their upkeep in (``game_write_use()``
  from ``GamesConfig.ready()``), so the models never import the summaries built on them.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager, contextmanager
from types import SimpleNamespace

from django.db import transaction
from django.dispatch import Signal

league_changed = Signal()
games_changed = Signal()


@contextmanager
def _atomic(ids):
    with transaction.atomic():
        yield SimpleNamespace(add_created=lambda pk: None)


_handler = _atomic


def game_write_use(handler) -> None:
    """Wrap every write of games the models make in ``handler(ids)`` from now on; what it
    yields is told ``add_created(pk)`` of each game the write created."""
    global _handler
    _handler = handler


def game_write(ids: Iterable[int | None] = ()) -> AbstractContextManager:
    """A block writing the games ``ids`` (``None`` for one not saved yet), atomically."""
    return _handler(ids)
