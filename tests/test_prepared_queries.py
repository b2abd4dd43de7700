"""Queries compiled once per process (league.queries.prepared): each prepared query reads
what the same query compiled as usual reads, for every argument; a queryset made from a
prepared one, or a shape that cannot be prepared, compiles as before."""

import pickle

import pytest
from django.db.models import F

from games.models import (
    Investigator,
    InvestigatorAncientOne,
    InvestigatorTableSize,
    Player,
    PlayerInvestigator,
    PlayerMonth,
    PlayerTeammate,
    Seat,
    Session,
    Team,
)
from games.models.summaries import scope_of
from league.models import Season
from league.queries import player_profile, public_player, stats
from league.queries.games import _table_seats, _titled_seats, league_games
from league.queries.investigators import investigator_profile, investigator_standings
from league.queries.players import TEAMMATES_SHOWN, _public_player
from league.queries.prepared import _NOT_PREPARABLE, _kept, prepared, prepared_rows
from league.queries.prepared_lists import preparable
from league.queries.sides import PLAYERS, TEAMS
from league.queries.stats import _team_pool_counts, _tie_counts, home_summary, top_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(prepared_league):
    return prepared_league


def _seasons():
    return [None, *Season.objects.order_by("start")[:2]]


def test_table_players_of_any_games_and_lengths(league):
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True))
    for chunk in (ids[:5], ids[5:10], ids[10:25], ids[25:27], ids[7:12]):
        assert list(prepared("t-seats", _table_seats, ids=chunk)) == list(_table_seats(chunk))
    kept = [key for key in _kept if key[0] == "t-seats"]
    assert len(kept) == 3  # one per length: 5, 15, 2


def test_titled_seats_of_any_player_and_games(league):
    titled = Seat.objects.filter(first_citizen=True, session__status="approved")
    holders = list(titled.values_list("player_id", flat=True).distinct()[:3])
    assert holders
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True))
    titles = 0
    for player_id in holders:
        for chunk in (ids[:25], ids[25:50], ids[-25:], ids):
            found = set(prepared("t-titled", _titled_seats, player_id=player_id, ids=chunk))
            assert found == set(_titled_seats(player_id, chunk))
            titles += len(found)
    assert titles  # not a comparison of empty answers


@pytest.mark.parametrize("part", ["summary", "by_ancient_one", "months"])
@pytest.mark.parametrize("side", ["players", "teams"])
def test_side_rows_as_compiled_each_time(league, side, part):
    kind = PLAYERS if side == "players" else TEAMS
    owners = league if side == "players" else list(Team.objects.order_by("pk")[:3])
    assert owners
    read = 0
    for owner in owners:
        for season in _seasons():
            first = _plain(getattr(kind, part)(owner, season))
            again = _plain(getattr(kind, part)(owner, season))  # from the kept compilation
            assert first == again == _unprepared(kind, part, owner, season)
            read += bool(first) if part != "summary" else first["games"]
    assert read  # some owner had rows to compare


def _plain(result):
    if isinstance(result, dict):
        return result
    return [row if isinstance(row, dict) else (row.pk, row.games) for row in result]


def _unprepared(kind, part, owner, season):
    model = {"summary": kind.standing, "by_ancient_one": kind.ancient_one, "months": kind.month}
    rows = model[part].objects.in_scope(season).filter(**{kind.field: owner})
    if part == "summary":
        return (rows.first() or kind.standing()).summary()
    if part == "by_ancient_one":
        return list(rows.record())
    return [(row.pk, row.games) for row in rows.order_by("month")]


def test_player_profile_lists_as_compiled_each_time(league):
    read = 0
    for player in league:
        for season in _seasons():
            mine = {"scope": scope_of(season), "player": player}
            investigators = list(
                PlayerInvestigator.objects.filter(seats__gt=0, **mine)
                .values("investigator__name", "seats", "victories")
                .order_by("-seats", "investigator__name")
            )
            teammates = list(
                PlayerTeammate.objects.filter(games__gt=0, **mine)
                .values("games", "victories", name=F("teammate__name"), slug=F("teammate__slug"))
                .order_by("-games", "teammate__name")[:TEAMMATES_SHOWN]
            )
            months = [
                (row.month, row.best_score, row.score_sum / row.victories)
                for row in PlayerMonth.objects.filter(victories__gt=0, **mine).order_by("month")
            ]
            for _ in range(2):
                profile = player_profile(player, season=season)
                assert list(profile.investigators) == investigators
                assert list(profile.teammates) == teammates
                assert profile.months == months
            read += len(investigators) + len(teammates) + len(months)
    assert read


def test_public_player_by_address_and_nobody_else(league):
    for player in league:
        assert public_player(player.slug) == player
        found, usual = public_player(player.slug), _public_player(player.slug)[0]
        assert found.ratings_as_of == usual.ratings_as_of
        assert getattr(found, "rating", None) == getattr(usual, "rating", None)
    hidden = Player.objects.create(name="Nobody Yet", slug="nobody-yet", name_key="nobody yet")
    assert public_player(hidden.slug) is None
    assert public_player("no-such-player") is None


def test_a_queryset_made_from_a_prepared_one_compiles_as_usual(league):
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True)[:6])
    kept = prepared("t-chain", _table_seats, ids=ids)
    list(prepared("t-chain", _table_seats, ids=ids))  # the kept compilation exists
    narrowed = kept.filter(session_id=ids[0])
    assert list(narrowed) == list(_table_seats(ids).filter(session_id=ids[0]))
    assert list(kept[:2]) == list(_table_seats(ids)[:2])


def _by_prefix(prefix: str):
    return Player.objects.filter(name__startswith=prefix).order_by("pk")


def _first_n(n: int):
    return Seat.objects.order_by("pk")[:n]


@pytest.mark.parametrize(
    "name, build, values",
    [
        ("t-like", _by_prefix, ["A", "B"]),  # the text becomes a LIKE pattern
        ("t-limit", _first_n, [3, 5]),  # the number is written into the SQL
    ],
)
def test_shapes_that_cannot_be_prepared_compile_each_time(league, name, build, values):
    for value in values:
        arguments = {"prefix" if build is _by_prefix else "n": value}
        assert list(prepared(name, build, **arguments)) == list(build(**arguments))
    assert [entry for key, entry in _kept.items() if key[0] == name] == [_NOT_PREPARABLE]


def test_score_comparison_counts_as_compiled_each_time(league):
    """Arguments compared with small integer columns (score, investigators) get markers
    in their range; a team game's pool too."""
    victories = list(Session.objects.approved().filter(score__isnull=False).order_by("-pk"))

    def tied_earlier(game):
        return any(
            (v.ancient_one_id, v.score) == (game.ancient_one_id, game.score)
            and (v.played_on, v.pk) < (game.played_on, game.pk)
            for v in victories
        )

    def pooled_with(game):
        return any(
            v.team_id and v.ancient_one_id == game.ancient_one_id and v.pk != game.pk
            for v in victories
        )

    tied = [game for game in victories if tied_earlier(game)][:4]
    games = [
        *tied,
        *[g for g in victories if g.team_id and pooled_with(g)][:4],
        *[g for g in victories if not g.team_id][:2],
    ]
    assert any(game.team_id for game in games) and not all(game.team_id for game in games)
    ties = pooled = 0
    for game in games:
        common = {"ancient_one_id": game.ancient_one_id, "game_id": game.pk, "score": game.score}
        counted = list(prepared("t-ties", _tie_counts, **common, size=game.investigator_count))
        assert counted == list(_tie_counts(**common, size=game.investigator_count))
        ties += counted[0]["ties"]
        if game.team_id:
            pool = list(prepared("t-pool", _team_pool_counts, **common))
            assert pool == list(_team_pool_counts(**common))
            pooled += pool[0]["team_total"]
    assert ties and pooled  # the counts compared are not all zeros
    assert _NOT_PREPARABLE not in [
        entry for key, entry in _kept.items() if key[0] in ("t-ties", "t-pool")
    ]


def test_only_numbers_and_texts(league):
    with pytest.raises(TypeError):
        prepared("t-bad", lambda when: Session.objects.filter(played_on=when), when=object())


def test_investigator_profile_as_compiled_each_time(league):
    played = Investigator.objects.filter(standings__games__gt=0).distinct().order_by("pk")[:3]
    assert played
    for investigator in played:
        for season in _seasons():
            mine = {"scope": scope_of(season), "investigator": investigator, "games__gt": 0}
            by_ancient_one = [
                (row.ancient_one.name, row.games, row.win_low)
                for row in InvestigatorAncientOne.objects.filter(**mine)
                .with_rates(bounds=True)
                .order_by("-games", "ancient_one__name")
            ]
            by_size = [
                (row.investigator_count, row.games, row.avg_victory_score)
                for row in InvestigatorTableSize.objects.filter(**mine)
                .with_rates(bounds=True)
                .order_by("investigator_count")
            ]
            expected = investigator_standings(season=season).get(pk=investigator.pk)
            for _ in range(2):
                profile = investigator_profile(investigator, season=season)
                assert (profile.summary.games, profile.summary.win_low) == (
                    expected.games,
                    expected.win_low,
                )
                assert [
                    (row.ancient_one.name, row.games, row.win_low) for row in profile.by_ancient_one
                ] == by_ancient_one
                assert [
                    (row.investigator_count, row.games, row.avg_victory_score)
                    for row in profile.by_table_size
                ] == by_size
                seats = Seat.objects.filter(investigator=investigator).values("session_id")
                best = top_games(league_games().in_season(season).filter(pk__in=seats))
                assert [(g.pk, g.rank, [p.pk for p in g.table_players]) for g in best] == [
                    (g.pk, g.rank, [p.pk for p in g.table_players]) for g in profile.best_games
                ]


def test_home_lists_as_compiled_each_time(league):
    season = Season.objects.order_by("start").first()
    for _ in range(2):
        home = home_summary()
        assert list(home["latest"]) == list(stats._latest())
        assert [(g.pk, g.rank) for g in home["best"]] == [
            (g.pk, g.rank) for g in top_games(league_games())
        ]
        assert list(home["first_citizens"]) == list(stats._first_citizens())
        assert home["latest"] and home["best"]
    leaders = prepared("home-season-leaders", stats._season_leaders, scope=scope_of(season))
    assert list(leaders) == list(stats._season_leaders(scope_of(season)))


def test_a_pickled_prepared_queryset_reads_the_same(league):
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True)[:4])
    kept = prepared("t-pickle", _table_seats, ids=ids)
    again = pickle.loads(pickle.dumps(prepared("t-pickle", _table_seats, ids=ids)))
    assert list(again) == list(kept) == list(_table_seats(ids))


def test_prepared_rows_build_the_queryset_only_until_the_compilation_is_kept(league):
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True))
    built = []

    def counted(ids):
        built.append(len(ids))
        return _table_seats(ids)

    chunks = (ids[:5], ids[5:10], ids[10:15], ids[20:25])
    for chunk in chunks:
        assert prepared_rows("t-rows", counted, ids=chunk) == list(_table_seats(chunk))
    # The first call builds it with its arguments, compiles it with the markers and keeps
    # a queryset of markers; the others copy that one.
    assert built == [5, 5, 5]


def test_prepared_rows_of_a_prefetch_build_it_every_time(league):
    ids = list(Session.objects.approved().order_by("pk").values_list("pk", flat=True))
    built = []

    def with_seats(first: int):
        built.append(first)
        return Session.objects.filter(pk__gte=first).order_by("pk").prefetch_related("seats")[:3]

    for first in ids[:3]:
        rows = prepared_rows("t-prefetch", with_seats, first=first)
        assert [game.pk for game in rows] == ids[ids.index(first) : ids.index(first) + 3]
        assert all(seat.session_id == game.pk for game in rows for seat in game.seats.all())
    assert len(built) >= 3 and ("rows", "t-prefetch", (("first", "int"),)) in _kept


def test_team_page_lists_as_read_each_time(league):
    from league.queries.teams import _captain, _entries, _roster

    teams = list(Team.objects.order_by("pk"))
    assert teams
    read = 0
    for team in teams:
        roster = prepared_rows("t-roster", _roster, team_id=team.pk)
        assert roster == list(_roster(team.pk))
        entries = prepared_rows("t-entries", _entries, team_id=team.pk)
        assert entries == list(_entries(team.pk))
        if team.captain_id:
            captain = prepared_rows("t-captain", _captain, user_id=team.captain_id)
            assert captain == list(_captain(team.captain_id))
        read += len(roster) + len(entries)
    assert read


def test_preparable_rows_sort_as_ordered_each_time_and_changed_rows_as_usual(league):
    from django.db.models import F

    from league.queries.investigators import _standings_from
    from league.queries.prepared_lists import preparable, prepared_order

    seasons = _seasons()
    orders = [
        (F("win_low").desc(nulls_last=True), "name", "pk"),
        (F("win_low").asc(nulls_last=True), "name", "pk"),
        (F("best_score").desc(nulls_last=True), "name", "pk"),
    ]
    for season in seasons:
        for minimum in (0, 2):
            arguments = {"scope": scope_of(season), "minimum": minimum}
            for ordering in orders:
                for _ in range(2):  # the second time from the kept rows and SQL
                    rows = preparable("t-standings", _standings_from, **arguments)
                    sorted_rows = list(prepared_order(rows, *ordering))
                    expected = list(_standings_from(**arguments).order_by(*ordering))
                    assert [(r.pk, r.games) for r in sorted_rows] == [
                        (r.pk, r.games) for r in expected
                    ]
            # Made into another queryset (a filter), it is sorted as compiled each time.
            narrowed = preparable("t-standings", _standings_from, **arguments).filter(games=0)
            assert list(prepared_order(narrowed, "name", "pk")) == list(
                _standings_from(**arguments).filter(games=0).order_by("name", "pk")
            )
    sorts = [
        key for key in _kept if isinstance(key[0], str) and key[0].startswith("t-standings by")
    ]
    assert len(sorts) == len(orders)  # asc and desc with nulls last are told apart


def test_a_sides_games_sorted_and_paged_as_read_each_time(league):
    from django.db.models import F

    from league.queries.players import _player_games
    from league.queries.prepared_lists import prepared_order, prepared_slice
    from league.queries.teams import _team_games

    sorts = [
        ("-played_on", "-pk"),
        ("played_on", "pk"),
        (F("score").desc(nulls_last=True), "-played_on", "-pk"),
        (F("score").asc(nulls_last=True), "-played_on", "-pk"),
    ]
    sides = [("t-player", _player_games, "player_id", p.pk) for p in league[:2]]
    sides += [("t-team", _team_games, "team_id", t.pk) for t in Team.objects.order_by("pk")[:2]]
    shown = 0
    for name, build, argument, pk in sides:
        for ordering in sorts:
            for start, stop in ((0, 5), (5, 10), (0, 5)):
                rows = prepared_order(preparable(name, build, **{argument: pk}), *ordering)
                got = list(prepared_slice(rows, slice(start, stop)))
                expected = list(build(pk).order_by(*ordering)[start:stop])
                assert [game.pk for game in got] == [game.pk for game in expected]
                if name == "t-player":
                    assert [g.titled for g in got] == [g.titled for g in expected]
                shown += len(got)
    assert shown
    # Filtered after it was marked, a list is sorted and paged as compiled each time.
    rows = preparable("t-player", _player_games, player_id=league[0].pk).filter(score__gt=0)
    page = list(prepared_slice(prepared_order(rows, "-played_on", "-pk"), slice(0, 5)))
    expected = _player_games(league[0].pk).filter(score__gt=0).order_by("-played_on", "-pk")
    assert [g.pk for g in page] == [g.pk for g in expected[:5]]


def test_a_scenario_board_paged_as_read_each_time(league):
    from games.models import Scenario
    from league.pages.scenarios import _board
    from league.queries.prepared_lists import prepared_slice

    scenarios = [s for s in Scenario.objects.order_by("pk") if _board(s.pk).exists()]
    assert scenarios
    for scenario in scenarios:
        for start, stop in ((0, 3), (3, 6), (0, 3)):
            rows = prepared_slice(
                preparable("t-board", _board, scenario_id=scenario.pk), slice(start, stop)
            )
            expected = list(_board(scenario.pk)[start:stop])
            assert [(g.pk, g.rank) for g in rows] == [(g.pk, g.rank) for g in expected]


def test_a_pickled_kept_list_reads_the_same(league):
    """A marked list carries where it came from (module-level builders): it pickles."""
    from league.queries.players import _player_games
    from league.queries.prepared_lists import prepared_order

    rows = prepared_order(
        preparable("t-pickle-list", _player_games, player_id=league[0].pk), "-played_on", "-pk"
    )
    again = pickle.loads(pickle.dumps(rows))
    assert [g.pk for g in again] == [g.pk for g in rows]
    assert [g.pk for g in again] == [
        g.pk for g in _player_games(league[0].pk).order_by("-played_on", "-pk")
    ]
