"""A player's filtered history (``league.pages.history``) sorts, pages and counts through
SQL compiled once per process (``prepared_step``, ``prepared_count``), and reads exactly
what the same filters compiled each time read, for any player and any filter values."""

from __future__ import annotations

import pickle

import pytest
from django.db.models import F
from django.urls import reverse

from games import rules
from games.models import Investigator, Outcome, Player, Seat, Session
from league.pages.history import (
    _victories,
    _with_investigator,
    _with_investigator_of,
    _with_outcome,
    _with_teammate,
)
from league.queries.players import _player_games
from league.queries.prepared import _NOT_PREPARABLE, _kept
from league.queries.prepared_lists import (
    preparable,
    prepared_count,
    prepared_order,
    prepared_slice,
    prepared_step,
)

pytestmark = pytest.mark.django_db

SORTS = [("-played_on", "-pk"), (F("score").desc(nulls_last=True), "-played_on", "-pk")]


@pytest.fixture
def league(prepared_league):
    return prepared_league[:3]


def _marked(player: Player):
    return preparable("t-history", _player_games, player_id=player.pk)


def _steps(player: Player) -> list[tuple[str, list]]:
    """(label, [(name, step, arguments), ...]) chains of filters to try on ``player``."""
    investigator = Seat.objects.filter(player=player).values_list("investigator_id", flat=True)[0]
    teammate = (
        Seat.objects.filter(session__seats__player=player)
        .exclude(player=player)
        .values_list("player_id", flat=True)
        .first()
    )
    other = Investigator.objects.exclude(pk=investigator).order_by("pk").first().pk
    chains = [("victories", [("victories", _victories, {})])]
    chains += [
        (f"outcome {outcome}", [("outcome", _with_outcome, {"outcome": outcome})])
        for outcome in (Outcome.DEFEAT, rules.VICTORIES[0], "no-such-outcome")
    ]
    for investigator_id in (investigator, other):
        arguments = {"investigator_id": investigator_id, "player_id": player.pk}
        chains.append(
            (
                f"investigator {investigator_id}",
                [("investigator of", _with_investigator_of, arguments)],
            )
        )
    chains.append(
        (
            "victories with a teammate and any player's investigator",
            [
                ("victories", _victories, {}),
                ("teammate", _with_teammate, {"teammate_id": teammate}),
                ("investigator", _with_investigator, {"investigator_id": investigator}),
            ],
        )
    )
    return chains


def _apply(rows, chain, *, prepared: bool):
    for name, step, arguments in chain:
        rows = prepared_step(rows, name, step, **arguments) if prepared else step(rows, **arguments)
    return rows


def test_filtered_histories_sort_page_and_count_as_compiled_each_time(league):
    shown = 0
    for _ in range(2):  # the second round reads through the kept compilations
        for player in league:
            for label, chain in _steps(player):
                plain = _apply(_player_games(player.pk), chain, prepared=False)
                for limit in (1, 3, 1000):
                    got = prepared_count(_apply(_marked(player), chain, prepared=True), limit)
                    assert got == plain[:limit].count(), (label, limit)
                for ordering in SORTS:
                    for start, stop in ((0, 4), (4, 8)):
                        rows = _apply(_marked(player), chain, prepared=True)
                        page = list(
                            prepared_slice(prepared_order(rows, *ordering), slice(start, stop))
                        )
                        expected = list(plain.order_by(*ordering)[start:stop])
                        assert [g.pk for g in page] == [g.pk for g in expected], label
                        assert [g.titled for g in page] == [g.titled for g in expected]
                        shown += len(page)
    assert shown
    # Every shape of this module compiled once and was kept, none refused.
    kept = {key: value for key, value in _kept.items() if str(key[0]).startswith("t-history")}
    assert kept and _NOT_PREPARABLE not in kept.values()


def test_a_step_on_rows_not_marked_or_already_sorted_is_the_plain_filter(league):
    player = league[0]
    plain = _player_games(player.pk).filter(score__gt=0)
    filtered = prepared_step(plain, "victories", _victories)
    assert list(filtered.order_by("pk")) == list(_victories(plain).order_by("pk"))
    assert prepared_count(filtered, 5) == _victories(plain)[:5].count()
    sorted_first = prepared_order(_marked(player), "-played_on", "-pk")
    after = prepared_step(sorted_first, "victories", _victories)
    expected = _victories(_player_games(player.pk)).order_by("-played_on", "-pk")
    assert [g.pk for g in after] == [g.pk for g in expected]


def test_a_filtered_history_pickles_and_reads_the_same(league):
    rows = prepared_order(
        prepared_step(_marked(league[0]), "victories", _victories), "-played_on", "-pk"
    )
    again = pickle.loads(pickle.dumps(rows))
    expected = _victories(_player_games(league[0].pk)).order_by("-played_on", "-pk")
    assert [g.pk for g in again] == [g.pk for g in rows] == [g.pk for g in expected]


def test_the_player_page_lists_and_counts_the_filtered_games(client, league, settings):
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0  # each request renders
    player = max(league, key=lambda p: Session.objects.approved().filter(seats__player=p).count())
    url = reverse("league:player", args=[player.slug])
    victories = _victories(_player_games(player.pk)).order_by("-played_on", "-pk")
    for _ in range(2):  # the first request compiles, the second reads the kept SQL
        response = client.get(url, {"outcome": "victory"})
        assert response.status_code == 200
        table = response.context["table"]
        assert table.paginator.count == victories.count()
        shown = [row.record.pk for row in table.paginated_rows]
        assert shown == [g.pk for g in victories[: len(shown)]]
        assert shown
