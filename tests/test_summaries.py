"""Summary rows kept on write equal a rebuild from the games, whatever the writes.

A property test drives random sequences of every kind of write (record, edit, moderate,
withdraw, bulk delete, rescore after a doom-track fix, seasons added/moved/deleted,
scenario entries chosen, an import, and bare ``save()``/``delete()`` of games and seats
through the models, as the admin, a shell or a test writes) and checks after each
sequence that the maintained rows are exactly what ``rebuild_summaries`` would write.
Table tests pin the derived numbers pages read.
"""

import datetime
from importlib import import_module

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection, transaction
from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.models import (
    AncientOne,
    AncientOneOutcome,
    AncientOneScore,
    AncientOneTableSize,
    Box,
    BoxStanding,
    Herald,
    HeraldStanding,
    Investigator,
    InvestigatorAncientOne,
    InvestigatorStanding,
    InvestigatorTableSize,
    PlayerStanding,
    PlayerTeammate,
    Session,
    Status,
    TeamStanding,
)
from games.recording import (
    SessionChanged,
    scenario_entry_choose,
    session_moderate,
    session_record,
    session_withdraw,
    sessions_record_many,
)
from games.scoring import sessions_rescore, sessions_rescore_stored
from games.signals import league_changed
from games.summaries import summaries_differences, summaries_rebuild
from games.summaries.tracking import Tracker
from league.models import Season, Visibility
from tests.factories import (
    LeagueFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Di"]
INVESTIGATORS = ["Amanda Sharpe", "Bob Jenkins", "Carolyn Fern", "Darrell Simmons"]
DATES = [datetime.date(2025, 6, 1), datetime.date(2026, 1, 10), datetime.date(2026, 3, 2)]
BOXES = ["Arkham Horror", "Dunwich Horror", "Kingsport Horror"]
HERALDS = [None, "Ghroth", "Mother Hydra"]


class Rollback(Exception):
    """Ends an example: its writes are rolled back so the next starts clean."""


def azathoth_sealed(played_on, **fields):
    """An unsaved approved game sealed against Azathoth (any seats can seal the gates)."""
    values = {
        "elder_sign_tokens": 6,
        "terror_level": 1,
        "status": "approved",
        "league": first_league(),
        **fields,
    }
    return Session(
        ancient_one=AncientOne.objects.get(name="Azathoth"),
        outcome="sealed",
        played_on=played_on,
        **values,
    )


# How the seats after the first end (the first stays sane, so a victory has a survivor):
# every ending an investigator's row counts turns up in the property test.
ENDINGS = ["sane", "devoured", "lost", "retired"]


def seats_for(names, gates):
    return [
        seat(
            name,
            INVESTIGATORS[i % len(INVESTIGATORS)],
            gate_trophies=gates,
            monster_trophies=i,
            ended=ENDINGS[(i + gates) % len(ENDINGS)] if i else "sane",
        )
        for i, name in enumerate(names)
    ]


record_op = st.tuples(
    st.just("record"),
    st.sampled_from(["approved", "approved", "pending", "rejected"]),
    st.sampled_from(["sealed", "closed", "defeat"]),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=4),  # repeats = several seats
    st.booleans(),  # as a team
    st.booleans(),  # for the scenario
    st.sampled_from(DATES),
    st.integers(0, 3),
    st.lists(st.sampled_from(BOXES), max_size=3, unique=True),
    st.sampled_from(HERALDS),
    st.sampled_from([0, 0, 1]),  # the league: the first, or the second (see ``League``)
)
index = st.integers(0, 20)
operation = st.one_of(
    record_op,
    st.tuples(st.just("moderate"), index, st.sampled_from(["approved", "rejected", "pending"])),
    st.tuples(st.just("edit"), index, st.sampled_from(["sealed", "defeat"]), st.integers(0, 3)),
    st.tuples(st.just("withdraw"), index),
    st.tuples(st.just("bulk_delete"), index),
    st.tuples(st.just("doom"), st.integers(8, 14)),
    st.tuples(st.just("season"), st.sampled_from(["add", "move", "delete"]), st.integers(0, 1)),
    st.tuples(st.just("visibility")),
    st.tuples(st.just("entry"), index),
    st.tuples(st.just("import"), st.sampled_from(NAMES), st.sampled_from(DATES)),
    st.tuples(
        st.just("model_save"),
        index,
        st.sampled_from(["approved", "pending", "rejected"]),
        st.integers(0, 10),
        st.integers(0, 3),
    ),
    st.tuples(st.just("model_create"), st.sampled_from(NAMES), st.sampled_from(DATES)),
    st.tuples(st.just("model_delete"), index),
    st.tuples(
        st.just("model_boxes"),
        index,
        st.sampled_from(["add", "remove", "set", "clear"]),
        st.sampled_from(BOXES),
    ),
)


class League:
    """Applies operations through the real write path, in two leagues: the first (public)
    and a second that starts invitation-only and may be made public and private again."""

    def __init__(self):
        self.leagues = [
            first_league(),
            LeagueFactory(name="Saturday", visibility=Visibility.INVITATION),
        ]
        self.boss = moderator()
        self.owner = UserFactory(username="owner")
        self.team = TeamFactory(name="Night Owls", members=NAMES)
        self.scenario = scenario(
            series=None, opens_at=datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
        )

    def pick(self, i):
        ids = list(Session.objects.order_by("pk").values_list("pk", flat=True))
        return Session.objects.get(pk=ids[i % len(ids)]) if ids else None

    def apply(self, op):
        # A refused write (a rule broken, a stale version) writes nothing: still a case.
        try:
            with transaction.atomic():
                getattr(self, f"do_{op[0]}")(*op[1:])
            event(f"{op[0]}: written")
        except (ValidationError, SessionChanged):
            event(f"{op[0]}: refused")

    def do_record(
        self, status, outcome, names, as_team, for_scenario, played_on, gates, boxes, herald, at
    ):
        gates = max(gates, len(names)) if outcome == "closed" else gates
        if at:  # the team and the scenario are the first league's
            as_team = for_scenario = False
        game(
            league=self.leagues[at],
            boxes=tuple(boxes),
            herald=Herald.objects.get(name=herald) if herald else None,
            status=status,
            outcome=outcome,
            defeat_cause="devoured" if outcome == "defeat" else "",
            seats=seats_for(names, gates),
            team=self.team if as_team else None,
            scenario=self.scenario if for_scenario else None,
            tasks=list(self.scenario.tasks.all()[:gates]) if for_scenario else (),
            played_on=played_on,
            submitted_by=self.owner,
        )

    def do_moderate(self, i, status):
        if (target := self.pick(i)) is None:
            return
        reason = "Not our league" if status == "rejected" else ""
        session_moderate(
            session_id=target.pk,
            status=status,
            seen_version=target.version,
            moderator=self.boss,
            reason=reason,
        )

    def do_edit(self, i, outcome, gates):
        if (target := self.pick(i)) is None:
            return
        names = list(target.seats.values_list("player__name", flat=True)) or ["Ann"]
        target.outcome = outcome
        target.defeat_cause = "devoured" if outcome == "defeat" else ""
        target.elder_sign_tokens = 6
        session_record(
            session=target,
            boxes=target.boxes.all(),
            seats=seats_for(names, gates),
            tasks=target.tasks_done.all(),
        )

    def do_withdraw(self, i):
        if (target := self.pick(i)) is None:
            return
        session_withdraw(session_id=target.pk, user=self.boss)

    def do_bulk_delete(self, i):
        if (target := self.pick(i)) is None:
            return
        Session.objects.filter(pk=target.pk).delete()

    def do_doom(self, track):
        AncientOne.objects.filter(name="Cthulhu").update(doom_track=track)
        cthulhu = Session.objects.filter(ancient_one__name="Cthulhu")
        if track % 2:  # from the seats, or (in bulk) from the totals stored on each game
            sessions_rescore(cthulhu, batch_size=3)
        else:
            sessions_rescore_stored(cthulhu, chunk_size=3)

    def do_season(self, action, at):
        league = self.leagues[at]
        season = Season.objects.filter(league=league).order_by("pk").last()
        if action == "add" or season is None:
            SeasonFactory(name=f"Season {Season.objects.count() + 1}", league=league)
        elif action == "move":
            season.start = datetime.date(2026, 1, 5)
            season.save()
        else:
            season.delete()

    def do_entry(self, i):
        target = self.pick(i)
        if target is None or not target.scenario_id or target.status != "approved":
            return
        scenario_entry_choose(session=target, user=self.boss)

    def do_visibility(self):
        second = self.leagues[1]
        second.refresh_from_db()
        public = second.visibility == Visibility.PUBLIC
        second.visibility = Visibility.INVITATION if public else Visibility.PUBLIC
        second.save()

    def do_import(self, name, played_on):
        new = azathoth_sealed(played_on)
        sessions_record_many([(new, [], seats_for([name, "Bob"], 1), [])])

    # Bare model writes: no recording function around them, the models alone keep the
    # summaries (through the hook ``games.signals.game_write``).

    def do_model_save(self, i, status, terror, gates):
        if (target := self.pick(i)) is None:
            return
        target.status = status
        target.terror_level = terror
        target.save()
        first = target.seats.order_by("position").first()
        if first is not None:
            first.gate_trophies = gates
            first.save()

    def do_model_create(self, name, played_on):
        new = azathoth_sealed(played_on, team=self.team)
        new.save()
        for i, person in enumerate([name, "Di"]):
            added = seats_for([person], i)[0]
            added.investigator = Investigator.objects.get(name=INVESTIGATORS[i])
            added.session, added.position = new, i + 1
            added.save()

    def do_model_boxes(self, i, action, name):
        """Boxes in play changed through the link alone (the box's side is refused by the
        games' history, before anything changes)."""
        if (target := self.pick(i)) is None:
            return
        box = Box.objects.get(name=name)
        if action == "add":
            target.boxes.add(box)
        elif action == "remove":
            target.boxes.remove(box)
        elif action == "set":
            target.boxes.set([box])
        else:
            target.boxes.clear()

    def do_model_delete(self, i):
        if (target := self.pick(i)) is None:
            return
        seats = list(target.seats.order_by("position"))
        if len(seats) > 1:
            seats[-1].delete()
        else:
            target.delete()


@settings(max_examples=60)
@given(operations=st.lists(operation, min_size=1, max_size=12))
def test_summaries_kept_on_write_equal_a_rebuild(catalog, operations):
    SeasonFactory(name="Season 2026")
    try:
        with transaction.atomic():
            league = League()
            for op in operations:
                league.apply(op)
            assert summaries_differences() == []
            raise Rollback
    except Rollback:
        pass


def test_the_command_rebuilds_and_checks(catalog, capsys):
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    PlayerStanding.objects.all().delete()
    with pytest.raises(Exception, match="differ"):
        call_command("rebuild_summaries", "--check")
    call_command("rebuild_summaries")
    call_command("rebuild_summaries", "--check")
    assert "agree" in capsys.readouterr().out


def test_a_player_at_two_seats_counts_the_game_once_and_sums_their_trophies(catalog):
    game(seats=[seat("Ann", gate_trophies=2), seat("Ann", "Bob Jenkins", gate_trophies=1)])
    row = PlayerStanding.objects.get(player__name="Ann", scope=0)
    assert (row.games, row.victories, row.gate_trophies) == (1, 1, 3)
    assert not PlayerTeammate.objects.exists()


@pytest.mark.parametrize(
    ("statuses", "games", "victories"),
    [
        (["approved"], 1, 1),
        (["pending"], 0, 0),
        (["rejected"], 0, 0),
        (["approved", "approved", "pending"], 2, 2),
    ],
)
def test_only_approved_games_count(catalog, statuses, games, victories):
    for status in statuses:
        game(status=status)
    rows = PlayerStanding.objects.filter(player__name="Ann", scope=0)
    assert [(r.games, r.victories) for r in rows] == ([(games, victories)] if games else [])


def test_rejecting_the_best_game_lowers_the_best_score(catalog):
    low = game(seats=[seat("Ann", gate_trophies=0)])
    high = game(seats=[seat("Ann", gate_trophies=3)])
    assert high.score > low.score
    best = PlayerStanding.objects.get(player__name="Ann", scope=0)
    assert best.best_score == high.score
    session_moderate(
        session_id=high.pk,
        status="rejected",
        seen_version=high.version,
        moderator=moderator(),
        reason="Typo",
    )
    best.refresh_from_db()
    assert (best.games, best.best_score) == (1, low.score)


def test_seasons_scope_rows_follow_the_season_dates(catalog):
    game(played_on=datetime.date(2025, 6, 1))
    game(played_on=datetime.date(2026, 2, 1))
    season = SeasonFactory(name="Season 2026")
    assert PlayerStanding.objects.get(player__name="Ann", scope=season.pk).games == 1
    season.start = datetime.date(2025, 1, 1)
    season.save()
    assert PlayerStanding.objects.get(player__name="Ann", scope=season.pk).games == 2
    season.delete()
    assert not PlayerStanding.objects.filter(scope=season.pk).exists()


def test_ancient_one_outcomes_and_histogram(catalog):
    won = game(seats=[seat("Ann", gate_trophies=1)])
    game(outcome="defeat", defeat_cause="devoured")
    outcomes = {
        (row.outcome, row.defeat_cause): row.games
        for row in AncientOneOutcome.objects.filter(scope=0)
    }
    assert outcomes == {("sealed", ""): 1, ("defeat", "devoured"): 1}
    scores = list(
        AncientOneScore.objects.filter(scope=0).values_list("investigator_count", "score", "games")
    )
    assert scores == [(won.investigator_count, won.score, 1)]


def test_team_standing_counts_entries_and_points(catalog):
    team = TeamFactory(name="Owls", members=["Ann", "Bob"])
    board = scenario()
    game(team=team, scenario=board, tasks=list(board.tasks.all()[:2]))
    row = TeamStanding.objects.get(team=team, scope=0)
    entry = Session.objects.get()
    assert (row.games, row.scenarios_entered, row.series_points) == (1, 1, entry.scenario_score)


def test_a_full_rebuild_writes_what_upkeep_kept(catalog):
    for outcome in ("sealed", "defeat", "closed"):
        game(
            outcome=outcome,
            defeat_cause="devoured" if outcome == "defeat" else "",
            seats=[seat("Ann", gate_trophies=2), seat("Bob", "Bob Jenkins", gate_trophies=2)],
        )
    before = sorted(PlayerStanding.objects.values_list("player_id", "games", "best_score"))
    summaries_rebuild()
    after = sorted(PlayerStanding.objects.values_list("player_id", "games", "best_score"))
    assert before == after
    assert summaries_differences() == []


@pytest.mark.parametrize("chunk_size", [1, 5000])
@pytest.mark.parametrize("track", [8, 20])  # lowered (bests recomputed) and raised
def test_a_doom_track_fix_keeps_the_summaries_in_one_bulk_upkeep(catalog, chunk_size, track):
    from games import scoring

    for gates in (0, 1, 2):
        game(seats=[seat("Ann", gate_trophies=gates), seat("Bob", "Bob Jenkins")])
    game(ancient_one="Azathoth", seats=[seat("Ann", gate_trophies=5)])
    AncientOne.objects.filter(name="Cthulhu").update(doom_track=track)
    assert scoring.sessions_rescore_stored(Session.objects.all(), chunk_size=chunk_size) == 3
    best = max(Session.objects.values_list("score", flat=True))
    assert PlayerStanding.objects.get(player__name="Ann", scope=0).best_score == best
    assert summaries_differences() == []


def test_a_lowered_best_is_found_above_the_floor_or_read_again_in_full(catalog):
    """The recomputation first reads games scoring at least the lowest best the change
    added: Ann's Azathoth game between the moved game's old and new score is her best;
    Cy's best victory is rejected in the same upkeep as the rescore, and her other one
    scores below the floor, so her row is read again in full."""
    from django.db import transaction

    from games import scoring
    from games.summaries import tracking

    moved = game(seats=[seat("Ann", gate_trophies=3), seat("Bob", "Bob Jenkins")])
    azathoth = game(ancient_one="Azathoth", seats=[seat("Ann", gate_trophies=2)])
    lone = game(ancient_one="Azathoth", seats=[seat("Cy", gate_trophies=5)])
    low = game(ancient_one="Yig", seats=[seat("Cy", gate_trophies=0)])
    AncientOne.objects.filter(name="Cthulhu").update(doom_track=8)
    with transaction.atomic(), tracking():
        assert (
            scoring.sessions_rescore_stored(Session.objects.filter(ancient_one__name="Cthulhu"))
            == 1
        )
        lone.status = Status.REJECTED
        lone.save()
    # Ann's best was the moved game's; now it lies between its old and new score.
    moved_from, moved_to = moved.score, Session.objects.get(pk=moved.pk).score
    assert moved_from > azathoth.score > moved_to
    ann = PlayerStanding.objects.get(player__name="Ann", scope=0)
    assert ann.best_score == azathoth.score
    # Cy's best is now a game below the floor (the moved game's new score): read in full.
    assert low.score < moved_to
    assert PlayerStanding.objects.get(player__name="Cy", scope=0).best_score == low.score
    assert summaries_differences() == []


def test_a_rescored_game_written_again_in_the_same_upkeep_is_read_again(catalog):
    """A rescore knows its games' facts after the write without reading them; a later
    write to one of them in the same upkeep (a rejection) makes it read them again."""
    from django.db import transaction

    from games import scoring
    from games.summaries import tracking

    moved = game(seats=[seat("Ann", gate_trophies=3), seat("Bob", "Bob Jenkins")])
    game(seats=[seat("Ann", gate_trophies=1)])
    AncientOne.objects.filter(name="Cthulhu").update(doom_track=8)
    with transaction.atomic(), tracking():
        assert scoring.sessions_rescore_stored(Session.objects.all()) == 2
        moved.refresh_from_db()
        moved.status = Status.REJECTED
        moved.save()
    assert not PlayerStanding.objects.filter(player__name="Bob", scope=0, games__gt=0)
    assert summaries_differences() == []


# The pages' versions are replaced after commit, outside the rescore's own queries.
@pytest.mark.after_commit
def test_a_rescore_recomputes_only_rows_whose_best_it_took(catalog, django_assert_max_num_queries):
    """Lowering every Cthulhu game: one grouped query per table recomputes the bests the
    moved games held, however many rows and games (no rebuild, no query per row); the
    moved games' facts are read once, before the write."""
    from games import scoring

    for day in range(1, 13):
        game(
            played_on=datetime.date(2026, 1, day),
            seats=[seat(f"Player {day}", gate_trophies=day % 3), seat("Bob", "Bob Jenkins")],
        )
    AncientOne.objects.filter(name="Cthulhu").update(doom_track=9)
    # The games' history: one insert for the entries, one read and one insert for their boxes.
    with django_assert_max_num_queries(57):
        assert scoring.sessions_rescore_stored(Session.objects.all()) == 12
    assert summaries_differences() == []


@pytest.fixture
def league_changes():
    """Every ``league_changed`` sent while the test runs, by sender."""
    sent = []

    def receive(sender, **kwargs):
        sent.append(sender)

    league_changed.connect(receive, dispatch_uid="test-league-changes")
    yield sent
    league_changed.disconnect(dispatch_uid="test-league-changes")


def _scenario_game():
    board = scenario(series=None, opens_at=datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC))
    return game(scenario=board, tasks=list(board.tasks.all()[:1]))


def _import(status):
    new = azathoth_sealed(DATES[1], status=status)
    sessions_record_many([(new, [], seats_for(["Ann", "Bob"], 1), [])])


NEW_GAMES = {
    "record approved": lambda: game(),
    "record pending": lambda: game(status="pending"),
    "import approved": lambda: _import("approved"),
    "import pending": lambda: _import("pending"),
}
WRITES_TO_A_GAME = {
    "moderate": lambda g: session_moderate(
        session_id=g.pk,
        status="rejected",
        seen_version=g.version,
        moderator=moderator(),
        reason="x",
    ),
    "withdraw": lambda g: session_withdraw(session_id=g.pk, user=moderator()),
    "entry chosen": lambda g: scenario_entry_choose(session=g, user=moderator()),
    "bare save": lambda g: g.save(),
    "bare seat save": lambda g: g.seats.first().save(),
    "bare delete": lambda g: g.delete(),
    "bare boxes": lambda g: g.boxes.add(Box.objects.get(name="Dunwich Horror")),
}


@pytest.mark.parametrize("write", NEW_GAMES)
def test_recording_a_game_sends_one_league_changed(catalog, league_changes, write):
    """The summaries' upkeep says the league changed, once, whatever the write changed."""
    NEW_GAMES[write]()
    assert league_changes == [Tracker]


@pytest.mark.parametrize("write", WRITES_TO_A_GAME)
def test_a_write_to_a_game_sends_one_league_changed(catalog, league_changes, write):
    target = _scenario_game()
    league_changes.clear()
    WRITES_TO_A_GAME[write](target)
    assert league_changes == [Tracker]


def test_migration_fills_the_investigator_tables_from_the_games(catalog):
    SeasonFactory(name="Season 2026")
    game(seats=[seat("Ann", "Amanda Sharpe", ended="devoured"), seat("Bob", "Bob Jenkins")])
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Ann", "Carolyn Fern")])
    new = (InvestigatorStanding, InvestigatorAncientOne, InvestigatorTableSize)
    for model in new:
        model.objects.all().delete()
    assert summaries_differences()
    migration = import_module("games.migrations.0018_investigator_summaries")
    migration.fill_summaries(apps, None)
    assert summaries_differences() == []
    assert InvestigatorStanding.objects.filter(scope=0, devoured=1).count() == 1


def test_herald_box_and_table_size_rows_count_each_game_once(catalog):
    kingsport = ("Arkham Horror", "Kingsport Horror")
    won = game(boxes=kingsport, herald=Herald.objects.get(name="Ghroth"))
    game(outcome="defeat", defeat_cause="devoured", boxes=kingsport, seats=[seat("Cy")])
    game(boxes=("Arkham Horror",))
    heralds = list(
        HeraldStanding.objects.filter(scope=0).values_list("herald__name", "games", "victories")
    )
    assert heralds == [("Ghroth", 1, 1)]
    boxes = dict(
        (name, (games, victories))
        for name, games, victories in BoxStanding.objects.filter(scope=0).values_list(
            "box__name", "games", "victories"
        )
    )
    assert boxes == {"Arkham Horror": (3, 2), "Kingsport Horror": (2, 1)}
    sizes = AncientOneTableSize.objects.filter(scope=0).order_by("investigator_count")
    assert [(r.investigator_count, r.games, r.victories) for r in sizes] == [(1, 1, 0), (2, 2, 2)]
    assert HeraldStanding.objects.get(scope=0).best_score == won.score


def test_boxes_changed_through_the_link_alone_keep_the_rows(catalog):
    played = game(boxes=("Arkham Horror",))
    dunwich = Box.objects.get(name="Dunwich Horror")
    played.boxes.add(dunwich)
    assert BoxStanding.objects.get(box=dunwich, scope=0).games == 1
    played.boxes.remove(dunwich)
    assert not BoxStanding.objects.filter(box=dunwich).exists()
    assert summaries_differences() == []


def test_migration_fills_the_herald_and_box_tables_from_the_games(catalog):
    SeasonFactory(name="Season 2026")
    game(
        boxes=("Arkham Horror", "Innsmouth Horror"), herald=Herald.objects.get(name="Father Dagon")
    )
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Ann", "Carolyn Fern")])
    for model in (HeraldStanding, BoxStanding, AncientOneTableSize):
        model.objects.all().delete()
    assert summaries_differences()
    migration = import_module("games.migrations.0019_herald_box_summaries")
    migration.fill_summaries(apps, None)
    assert summaries_differences() == []
    assert BoxStanding.objects.filter(scope=0, box__name="Innsmouth Horror", games=1).exists()


def _facts(score=20, outcome="sealed", status="approved"):
    from games.summaries import contribution as c

    return c.GameFacts(
        status=status,
        outcome=outcome,
        defeat_cause="",
        score=score,
        played_on=datetime.date(2026, 1, 10),
        created_at=datetime.datetime(2026, 1, 10, 21, tzinfo=datetime.UTC),
        ancient_one_id=1,
        investigator_count=2,
        league_id=1,
        league_public=True,
        seats=(c.SeatFacts(1, 1, True, 2, 0), c.SeatFacts(2, 2, False, 0, 3)),
    )


@pytest.mark.parametrize(
    ("before", "after", "tables"),
    [
        (None, _facts(), "every table the game is in"),
        (_facts(), None, "every table the game is in"),
        (_facts(), _facts(), "none"),
        (_facts(score=20), _facts(score=18), "score tables only"),
        (_facts(status="pending"), _facts(), "every table the game is in"),
    ],
    ids=["created", "deleted", "unchanged", "rescored", "approved"],
)
def test_a_change_is_after_minus_before_and_passes_over_what_cancels(before, after, tables):
    from games.summaries import contribution as c

    changed: c.Delta = {}
    c.change_into(changed, before, after, [])
    both: c.Delta = {}  # the plain arithmetic: minus all of before, plus all of after
    for facts, sign in ((before, -1), (after, 1)):
        for key, sums, best in c.contribution(facts, []) if facts is not None else []:
            both.setdefault(key, c.Change()).add(sums, best, sign)

    def moves(change):  # zero sums and the same best in and out change no stored row
        return any(change.sums.values()) or change.best_added != change.best_removed

    kept = {key: change for key, change in both.items() if moves(change)}
    assert {key: change for key, change in changed.items() if moves(change)} == kept
    names = {name for name, _ in changed}
    if tables == "none":
        assert changed == {}
    elif tables == "score tables only":
        assert names.isdisjoint({c.PLAYER_TEAMMATE, c.PLAYER_INVESTIGATOR, c.ANCIENT_ONE_OUTCOME})
        assert c.PLAYER in names and c.ANCIENT_ONE_SCORE in names
    else:
        assert c.PLAYER_TEAMMATE in names and c.ANCIENT_ONE_OUTCOME in names


# Leagues: each league's games count in its own scopes; the cross-league scope (0) counts
# the games of public leagues only.


def _wins(player: str, scope: int) -> int | None:
    row = PlayerStanding.objects.filter(player__name=player, scope=scope).first()
    return row.games if row else None


def test_each_league_counts_its_own_games_and_only_public_ones_count_across(catalog):
    first = first_league()
    saturday = LeagueFactory(name="Saturday")
    private = LeagueFactory(name="Back Room", visibility=Visibility.INVITATION)
    game(seats=[seat("Ann")])
    game(seats=[seat("Ann")], league=saturday)
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], league=private)
    assert [_wins("Ann", -league.pk) for league in (first, saturday, private)] == [1, 1, 1]
    assert _wins("Ann", 0) == 2  # the private league's game is on no shared board
    assert _wins("Bob", -private.pk) == 1 and _wins("Bob", 0) is None
    assert _wins("Bob", -first.pk) is None
    assert summaries_differences() == []


def test_a_season_counts_only_its_own_league_games(catalog):
    saturday = LeagueFactory(name="Saturday")
    ours = SeasonFactory(name="Season 2026")
    theirs = SeasonFactory(name="Saturday 2026", league=saturday)
    game(seats=[seat("Ann")], played_on=datetime.date(2026, 3, 1))
    game(seats=[seat("Ann")], played_on=datetime.date(2026, 3, 1), league=saturday)
    assert (_wins("Ann", ours.pk), _wins("Ann", theirs.pk)) == (1, 1)
    theirs.end = datetime.date(2026, 2, 1)  # a season moved recomputes only its own rows
    theirs.save()
    assert (_wins("Ann", ours.pk), _wins("Ann", theirs.pk)) == (1, None)
    assert summaries_differences() == []


def test_a_league_turned_public_or_private_rebuilds_the_cross_league_rows(catalog):
    private = LeagueFactory(name="Back Room", visibility=Visibility.INVITATION)
    game(seats=[seat("Ann")])
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], league=private)
    assert (_wins("Ann", 0), _wins("Bob", 0)) == (1, None)
    private.visibility = Visibility.PUBLIC
    private.save()
    assert (_wins("Ann", 0), _wins("Bob", 0)) == (2, 1)
    assert summaries_differences() == []
    private.visibility = Visibility.INVITATION
    private.save()
    assert (_wins("Ann", 0), _wins("Bob", 0)) == (1, None)
    assert _wins("Bob", -private.pk) == 1  # the league's own rows stay
    assert summaries_differences() == []


def test_a_game_moved_to_another_league_moves_its_rows(catalog):
    saturday = LeagueFactory(name="Saturday")
    played = game(seats=[seat("Ann")])
    played.league = saturday
    played.save()
    assert (_wins("Ann", -first_league().pk), _wins("Ann", -saturday.pk)) == (None, 1)
    assert summaries_differences() == []


def test_the_scope_of_a_season_of_another_league_is_an_error(catalog):
    from games.models.summaries import scope_of

    saturday = LeagueFactory(name="Saturday")
    theirs = SeasonFactory(name="Saturday 2026", league=saturday)
    assert scope_of(saturday, theirs) == theirs.pk
    assert scope_of(saturday) == -saturday.pk and scope_of(None) == 0
    with pytest.raises(ValueError, match="not of league"):
        scope_of(first_league(), theirs)


def test_the_migration_copies_the_all_time_rows_to_the_first_league(catalog):
    SeasonFactory(name="Season 2026")
    game(
        seats=[seat("Ann"), seat("Bob", "Bob Jenkins")],
        herald=Herald.objects.get(name="Ghroth"),
        team=TeamFactory(name="Night Owls", members=["Ann", "Bob"]),
    )
    game(outcome="defeat", defeat_cause="devoured", seats=[seat("Cy", "Carolyn Fern")])
    migration = import_module("games.migrations.0034_summary_scopes_per_league")
    models = [apps.get_model("games", name) for name in migration.SCOPED]
    fields = {
        model: [f.name for f in model._meta.concrete_fields if f.name not in ("id", "scope")]
        for model in models
    }
    kept = {
        model: sorted(model.objects.filter(scope=0).values_list(*fields[model])) for model in models
    }
    for model in models:  # as before the migration: all time is scope 0 alone
        model.objects.filter(scope__lt=0).delete()
    migration.copy_all_time_rows(apps, connection.schema_editor())
    first = -first_league().pk
    for model in models:
        assert kept[model], model  # every table has rows to copy
        assert sorted(model.objects.filter(scope=first).values_list(*fields[model])) == kept[model]
        assert sorted(model.objects.filter(scope=0).values_list(*fields[model])) == kept[model]
    assert summaries_differences() == []
