"""Recompute summary rows from the games: the same contributions, added up from zero."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from games.models import Session
from games.signals import league_changed

from . import contribution as c
from . import store

CHUNK = 5000


def summaries_fold(games=None, seasons: list[c.SeasonSpan] | None = None) -> c.Delta:
    """Every contribution of ``games`` (all games by default) added up, in chunks by id."""
    seasons = store.season_spans() if seasons is None else seasons
    games = Session.objects.all() if games is None else games
    games = games.filter(status=c.APPROVED)
    delta: c.Delta = {}
    last = 0
    while True:
        ids = list(games.filter(pk__gt=last).order_by("pk").values_list("pk", flat=True)[:CHUNK])
        if not ids:
            return delta
        for facts in store.game_facts(Session.objects.filter(pk__in=ids)).values():
            c.add_into(delta, facts, seasons, 1)
        last = ids[-1]


def summaries_rebuild(season_ids: Iterable[int] | None = None) -> int:
    """Replace the summary rows with ones recomputed from the games; returns rows written.

    With ``season_ids`` only those seasons' rows are recomputed (a season was added,
    moved or deleted); otherwise everything is.
    """
    with transaction.atomic():
        if season_ids is None:
            for model in store.SUMMARY_MODELS:
                model.objects.all().delete()
            delta = summaries_fold()
        else:
            wanted = set(season_ids)
            spans = [span for span in store.season_spans() if span.id in wanted]
            for model in store.SUMMARY_MODELS:
                if any(f.name == "scope" for f in model._meta.fields):
                    model.objects.filter(scope__in=wanted).delete()
            delta = {}
            for span in spans:
                games = Session.objects.filter(played_on__gte=span.start, played_on__lte=span.end)
                for key, change in summaries_fold(games, [span]).items():
                    if key[0] in _SCOPED and key[1][1] == span.id:
                        delta[key] = change
        written = _insert(delta)
        league_changed.send(sender=summaries_rebuild)
    return written


# Tables whose key's second field is the scope.
_SCOPED = {
    name for name, table in store.TABLES.items() if len(table.keys) > 1 and table.keys[1] == "scope"
}


def _insert(delta: c.Delta) -> int:
    rows = 0
    by_table: dict[str, list] = {}
    for (name, key), change in delta.items():
        by_table.setdefault(name, []).append((key, change))
    for name, changes in by_table.items():
        table = store.TABLES[name]
        objects = []
        for key, change in changes:
            values = dict(zip(table.keys, key, strict=True))
            values.update({s: change.sums.get(s, 0) for s in table.sums})
            if table.best:
                values["best_score"] = change.best_added
            objects.append(table.model(**values))
        table.model.objects.bulk_create(objects, batch_size=2000)
        rows += len(objects)
    return rows


def summaries_differences(limit: int = 20) -> list[str]:
    """Where the stored summary rows differ from a fresh fold (empty when they agree)."""
    expected: dict[tuple, dict] = {}
    for (name, key), change in summaries_fold().items():
        table = store.TABLES[name]
        row = {s: change.sums.get(s, 0) for s in table.sums}
        if table.best:
            row["best_score"] = change.best_added
        expected[(name, tuple(key))] = row
    stored: dict[tuple, dict] = {}
    for name, table in store.TABLES.items():
        fields = [*table.sums, *(["best_score"] if table.best else [])]
        for values in table.model.objects.values_list(*table.keys, *fields):
            key = tuple(values[: len(table.keys)])
            stored[(name, key)] = dict(zip(fields, values[len(table.keys) :], strict=True))
    problems = []
    for key in sorted(set(expected) | set(stored), key=repr):
        if expected.get(key) != stored.get(key):
            problems.append(f"{key}: stored {stored.get(key)}, expected {expected.get(key)}")
            if len(problems) >= limit:
                break
    return problems
