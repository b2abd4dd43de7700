"""The rating: openskill's numbers on a small league, forward replays, the backlog, the job.

Expected numbers come from openskill itself, called here the way the rules on /rules/
describe (Plackett-Luce with its defaults; the players against the Ancient One and the
table; a table of N starting at (N - 1) x 25), not through the league's code.
"""

import datetime
import statistics

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games import rating_rules as rr
from games.bulk.planner import Catalog
from games.bulk.seed import seed_league
from games.bulk.strengths import Strengths
from games.jobs.models import Job, JobStatus, Kind
from games.models import (
    AncientOne,
    Player,
    Rating,
    RatingBacklog,
    RatingPoint,
    RatingState,
    Seat,
    Session,
    Status,
)
from games.ratings.replay import ratings_catch_up, ratings_replay
from games.recording import session_moderate
from tests.factories import first_league, game, moderator, seat

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 1, 10)


@pytest.fixture
def immediate_jobs(settings):
    """Background jobs run as they are enqueued (once the write commits)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def played(days: int, **fields):
    return game(played_on=DAY + datetime.timedelta(days=days), **fields)


def stored(kind: str, name) -> tuple[float, float, int]:
    if kind == "player":
        row = Rating.objects.get(player__name=name)
    elif kind == "ancient_one":
        row = Rating.objects.get(ancient_one__name=name)
    else:
        row = Rating.objects.get(table_players=name)
    return row.mu, row.sigma, row.games


def expected_league():
    """The small league below, rated by hand with openskill."""
    model = PlackettLuce()
    new = model.rating
    ann, bob, cy = new(), new(), new()
    cthulhu, azathoth = new(), new()
    tables = {n: new(mu=(n - 1) * 25.0, sigma=25 / 3) for n in (1, 2, 3)}
    steps = []
    # 1: Ann and Bob seal the gates against Cthulhu.
    (ann, bob), (cthulhu, tables[2]) = model.rate([[ann, bob], [cthulhu, tables[2]]], ranks=[0, 1])
    steps.append({"Ann": ann, "Bob": bob, "Cthulhu": cthulhu, 2: tables[2]})
    # 2: Ann alone is devoured by Azathoth.
    (ann,), (azathoth, tables[1]) = model.rate([[ann], [azathoth, tables[1]]], ranks=[1, 0])
    steps.append({"Ann": ann, "Azathoth": azathoth, 1: tables[1]})
    # 3: Ann, Bob (two seats: once) and Cy seal the gates against Azathoth.
    (ann, bob, cy), (azathoth, tables[3]) = model.rate(
        [[ann, bob, cy], [azathoth, tables[3]]], ranks=[0, 1]
    )
    steps.append({"Ann": ann, "Bob": bob, "Cy": cy, "Azathoth": azathoth, 3: tables[3]})
    return steps


def small_league():
    played(0, ancient_one="Cthulhu", seats=None)
    played(
        1, ancient_one="Azathoth", outcome="defeat", defeat_cause="azathoth", seats=[seat("Ann")]
    )
    played(
        2,
        ancient_one="Azathoth",
        outcome="sealed",
        seats=[
            seat("Ann", "Amanda Sharpe"),
            seat("Bob", "Bob Jenkins"),
            seat("Bob", "Carolyn Fern"),
            seat("Cy", "Darrell Simmons"),
        ],
    )


KIND = {"Ann": "player", "Bob": "player", "Cy": "player", "Cthulhu": "ancient_one"}
KIND["Azathoth"] = "ancient_one"


def test_the_small_league_rates_as_openskill_does_game_by_game():
    small_league()
    ratings_replay()
    steps = expected_league()
    final = {}
    for step in steps:
        final.update(step)
    games = {"Ann": 3, "Bob": 2, "Cy": 1, "Cthulhu": 1, "Azathoth": 2, 1: 1, 2: 1, 3: 1}
    for name, want in final.items():
        mu, sigma, count = stored(KIND.get(name, "table"), name)
        assert mu == pytest.approx(want.mu, abs=1e-9), name
        assert sigma == pytest.approx(want.sigma, abs=1e-9), name
        assert count == games[name], name
    # A point per subject per game: Ann's three, in order, are the steps' Ann.
    ann = Player.objects.get(name="Ann").rating
    points = list(ann.points.order_by("n").values_list("mu", "sigma"))
    assert points == [
        pytest.approx((step["Ann"].mu, step["Ann"].sigma), abs=1e-9) for step in steps
    ]
    assert RatingPoint.objects.count() == 4 + 3 + 5  # players + Ancient One + table per game
    assert RatingState.objects.get().as_of is not None


def test_beating_azathoth_counts_more_than_beating_yig():
    """The same two players win once each: against the hardest and the easiest opponent."""
    for _ in range(6):  # Azathoth has beaten a table of strangers; Yig has lost to them
        played(
            0,
            ancient_one="Azathoth",
            outcome="defeat",
            defeat_cause="azathoth",
            seats=[seat("Xia", "Amanda Sharpe")],
        )
        played(0, ancient_one="Yig", outcome="sealed", seats=[seat("Yan", "Amanda Sharpe")])
    played(1, ancient_one="Azathoth", outcome="sealed", seats=[seat("Ann", "Amanda Sharpe")])
    played(1, ancient_one="Yig", outcome="sealed", seats=[seat("Bob", "Amanda Sharpe")])
    ratings_replay()
    assert stored("ancient_one", "Azathoth")[0] > stored("ancient_one", "Yig")[0]
    assert stored("player", "Ann")[0] > stored("player", "Bob")[0]


def test_a_forward_replay_equals_a_full_rebuild_after_an_old_game_changes():
    small_league()
    ratings_replay()
    old = Session.objects.get(played_on=DAY + datetime.timedelta(days=1))
    yig = AncientOne.objects.get(name="Yig")
    Session.objects.filter(pk=old.pk).update(ancient_one=yig)  # behind the backlog's back
    start = (old.played_on, old.created_at, old.pk)
    replayed = ratings_replay(start)
    assert replayed == 2  # that game and the one after it
    forward = snapshot()
    ratings_replay()
    assert snapshot() == forward


def snapshot():
    """Every rating and point as comparable tuples (a subject named by its three keys)."""
    ratings = [
        (r.player_id, r.ancient_one_id, r.table_players, round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in Rating.objects.all()
    ]
    points = [
        (r.player_id, r.ancient_one_id, r.table_players, p.n, p.session_id, round(p.mu, 9))
        for p in RatingPoint.objects.select_related("rating")
        for r in [p.rating]
    ]
    return sorted(ratings, key=repr), sorted(points, key=repr)


def test_rejecting_an_old_game_replays_forward_in_the_background(
    immediate_jobs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        small_league()
    assert RatingBacklog.objects.count() == 0
    assert Job.objects.filter(kind=Kind.RATINGS, status=JobStatus.DONE).exists()
    old = Session.objects.get(played_on=DAY + datetime.timedelta(days=1))
    with django_capture_on_commit_callbacks(execute=True):
        session_moderate(
            session_id=old.pk,
            status="rejected",
            seen_version=old.version,
            moderator=moderator(),
            reason="Duplicate",
        )
    assert RatingBacklog.objects.count() == 0
    kept = snapshot()
    ratings_replay()
    assert snapshot() == kept
    # Ann's second game is now the sealed one: two points, no Azathoth defeat.
    assert Player.objects.get(name="Ann").rating.games == 2
    assert stored("ancient_one", "Azathoth")[2] == 1


def test_a_write_the_rating_does_not_read_adds_nothing(django_capture_on_commit_callbacks):
    small_league()
    RatingBacklog.objects.all().delete()
    latest = Session.objects.order_by("-played_on").first()
    latest.notes = "A fine evening."
    latest.save()
    pending = played(5, status="pending")
    assert RatingBacklog.objects.count() == 0
    session_moderate(
        session_id=pending.pk,
        status="approved",
        seen_version=pending.version,
        moderator=moderator(),
    )
    assert RatingBacklog.objects.count() == 1


def test_deleting_a_game_in_bulk_is_noted_and_replayed():
    small_league()
    ratings_replay()
    RatingBacklog.objects.all().delete()
    Session.objects.filter(played_on=DAY).delete()
    assert RatingBacklog.objects.count() == 1
    assert ratings_catch_up() == 2
    kept = snapshot()
    ratings_replay()
    assert snapshot() == kept
    assert not Rating.objects.filter(ancient_one__name="Cthulhu").exists()


def test_a_player_left_without_rated_games_has_no_rating():
    played(0, seats=[seat("Zoe")])
    ratings_replay()
    zoe = Session.objects.get()
    Session.objects.filter(pk=zoe.pk).update(status="rejected")
    ratings_replay((zoe.played_on, zoe.created_at, zoe.pk))
    assert not Rating.objects.exists()
    assert RatingPoint.objects.count() == 0


def test_rebuild_ratings_command_and_its_background_job(
    run_jobs, django_capture_on_commit_callbacks
):
    small_league()
    Rating.objects.all().delete()
    call_command("rebuild_ratings")
    assert Rating.objects.filter(player__isnull=False).count() == 3
    Rating.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("rebuild_ratings", "--background")
    run_jobs()
    job = Job.objects.filter(kind=Kind.RATINGS).latest("pk")
    assert job.status == JobStatus.DONE and job.result == "3 games rated"
    assert Rating.objects.filter(player__isnull=False).count() == 3


@pytest.mark.parametrize(
    ("games", "threshold", "provisional"), [(0, 10, True), (9, 10, True), (10, 10, False)]
)
def test_provisional_below_the_threshold(games, threshold, provisional):
    assert rr.provisional(games, threshold) is provisional


@pytest.mark.parametrize(("players", "mu"), [(1, 0.0), (2, 25.0), (8, 175.0)])
def test_a_new_table_is_an_even_match_for_new_players(players, mu):
    assert rr.table_prior(players).mu == mu
    chance = rr.win_chance([rr.prior()] * players, rr.prior(), rr.table_prior(players))
    assert chance == pytest.approx(0.5)


def test_the_order_is_date_played_then_submission_then_number():
    assert rr.GAME_ORDER == ("played_on", "created_at", "pk")
    late_submission = played(0, created_at=datetime.datetime(2026, 1, 20, tzinfo=datetime.UTC))
    early = played(0)
    ratings_replay()
    ids = list(
        RatingPoint.objects.filter(rating__ancient_one=AncientOne.objects.get(name="Cthulhu"))
        .order_by("n")
        .values_list("session_id", flat=True)
    )
    assert ids == [early.pk, late_submission.pk]


@pytest.mark.parametrize("seed", [21, 22])
def test_on_a_seeded_league_the_rating_finds_the_strongest_and_the_weakest_player(seed):
    """seed_demo plays with known strengths (games.bulk.strengths): the rating, which never
    sees them, ranks the strongest player first and the weakest last."""
    seed_league(league=first_league(), games=1500, seed=seed, players=10, league_play=False)
    catalog = Catalog.load()
    catalog.players = list(Player.objects.values_list("pk", flat=True))
    skill = Strengths.drawn(seed, catalog).players
    rated = list(
        Rating.objects.filter(player__isnull=False)
        .order_by("-value")
        .values_list("player_id", flat=True)
    )
    assert len(rated) == 10
    assert rated[0] == max(skill, key=skill.get)
    assert rated[-1] == min(skill, key=skill.get)


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation: Pearson's over the ranks (ties share their mean rank)."""

    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        rank = [0.0] * len(values)
        at = 0
        while at < len(order):
            end = at
            while end + 1 < len(order) and values[order[end + 1]] == values[order[at]]:
                end += 1
            for i in order[at : end + 1]:
                rank[i] = (at + end) / 2
            at = end + 1
        return rank

    return statistics.correlation(ranks(xs), ranks(ys))


def test_spearman_is_one_for_the_same_order_and_minus_one_for_the_reverse():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 45]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)
    assert spearman([1, 1, 2], [1, 1, 2]) == pytest.approx(1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rating_orders_players_like_their_seeded_strength_at_least_as_the_win_rate(seed):
    """On demo leagues (36 players, 3,000 games, as ``make demo``; seed 1 is its own),
    among players with 20 games or more: Spearman's correlation of each figure with the
    hidden strengths the games were drawn from. The rating shown (μ over the latest half
    of the games) is at least the plain win rate's, and μ − 3σ, the figure it replaced,
    is below the rating. Measured (rating / win rate / μ − 3σ): seed 1 0.72 / 0.70 / 0.30,
    seed 2 0.78 / 0.66 / 0.68, seed 3 0.72 / 0.64 / 0.61."""
    seed_league(league=first_league(), games=3000, seed=seed, players=36)
    catalog = Catalog.load()
    catalog.players = list(Player.objects.values_list("pk", flat=True))
    strength = Strengths.drawn(seed, catalog).players
    record: dict[int, list[int]] = {}
    for _, outcome, player in set(
        Seat.objects.filter(session__status=Status.APPROVED).values_list(
            "session_id", "session__outcome", "player_id"
        )
    ):
        record.setdefault(player, [0, 0])
        record[player][0] += 1
        record[player][1] += outcome != "defeat"
    ratings = {row.player_id: row for row in Rating.objects.filter(player__isnull=False)}
    players = sorted(pk for pk, (games, _) in record.items() if games >= 20)
    assert len(players) >= 30
    truth = [strength[pk] for pk in players]

    def correlation(figure) -> float:
        return spearman([figure(pk) for pk in players], truth)

    rating = correlation(lambda pk: ratings[pk].value)
    win_rate = correlation(lambda pk: record[pk][1] / record[pk][0])
    conservative = correlation(lambda pk: ratings[pk].mu - 3 * ratings[pk].sigma)
    assert rating >= win_rate, (rating, win_rate)
    assert conservative < rating, (conservative, rating)
