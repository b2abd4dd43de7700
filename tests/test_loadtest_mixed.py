"""The load test's mixed mode: its arguments, its reading of wrk, its task worker, and its
writer's games (posted and approved over HTTP, their ratings jobs run by the worker)."""

import math
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from bench import mixed
from bench.writer import MEMBER, SteadyWriter, WriteSetup, write_setup
from games.jobs.models import Job, JobStatus, Kind
from games.models import Session
from tests.factories import game, moderators_group, seat

WRK_OUTPUT = """Running 10s test @ http://127.0.0.1:8765/
  2 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    21.03ms   10.11ms 312.40ms   90.00%
    Req/Sec   380.12     40.33   460.00     70.00%
  Latency Distribution
     50%   18.50ms
     75%   22.10ms
     90%   30.00ms
     99%    1.25s
  7602 requests in 10.01s, 190.12MB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 3
Requests/sec:    759.44
Transfer/sec:     18.99MB
X-Cache hit=7000 miss=500 none=102
"""


@pytest.mark.parametrize(
    ("text", "rates"),
    [
        ("1", [0.0, 1.0, 0.0]),
        ("5,1", [0.0, 1.0, 0.0, 5.0, 0.0]),
        ("0,1,5", [0.0, 1.0, 0.0, 5.0, 0.0]),
        ("0.5", [0.0, 0.5, 0.0]),
    ],
)
def test_each_write_run_comes_between_two_no_write_runs(text, rates):
    assert mixed.parse_rates(text) == rates


@pytest.mark.parametrize("text", ["", "fast", "-1", "51", "nan", "1,,x"])
def test_a_rate_out_of_bounds_is_refused(text):
    with pytest.raises(ValueError):
        mixed.parse_rates(text)


def test_wrks_output_is_read_into_rate_percentiles_hits_and_errors():
    result = mixed.parse_wrk(WRK_OUTPUT)
    assert result["rps"] == 759.44
    assert (result["p50"], result["p99"]) == (18.5, 1250.0)
    assert math.isclose(result["hit_ratio"], 7000 / 7500)
    assert result["unmarked"] == 102
    assert result["errors"] == 3 + 3


def test_output_without_the_counts_is_an_error_not_a_zero():
    with pytest.raises(ValueError):
        mixed.parse_wrk(WRK_OUTPUT.replace("X-Cache hit=7000 miss=500 none=102\n", ""))


def test_the_script_lists_every_path_quoted(tmp_path):
    script = mixed.lua_script(str(tmp_path), ["/", '/players/a"b/']).read_text()
    assert 'local paths = {"/", "/players/a\\"b/"}' in script


def test_writers_share_the_rate():
    setup = WriteSetup("http://127.0.0.1:8765", "league", {}, ["Ann"], [1, 2, 3, 4], [1])
    writers = mixed.writers_for(setup, 5, 10)
    assert len(writers) == 10 and math.isclose(sum(w.rate for w in writers), 5)
    assert mixed.writers_for(setup, 0, 10) == []


def test_the_task_worker_is_make_runs():
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    worker = re.search(r"^WORKER = \$\(if \$\(REDIS_URL\),(.+),(\w+)\)$", makefile, re.M)
    assert mixed.worker_command("") == [worker.group(2), "--verbosity=0"]
    assert mixed.worker_command("redis://127.0.0.1:6379/0") == worker.group(1).split()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_writer_posts_and_approves_games_over_http_and_the_worker_rates_them(
    live_server, catalog_rows, run_jobs
):
    moderators_group()
    game(seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins")])
    jobs_before = mixed.last_job()
    writer = SteadyWriter(write_setup(live_server.url), rate=1, seconds=0, seed=3)
    writer.log_in()
    assert writer.write_one() > 0
    assert writer.write_one() > 0  # the same table again is no refused duplicate
    written = Session.objects.filter(submitted_by__username=MEMBER)
    assert [game.status for game in written] == ["approved", "approved"]
    assert all(game.score is not None and game.seats.exists() for game in written)
    # Each approval started a ratings job, queued until a worker runs it.
    assert mixed.ratings_jobs(jobs_before) == {"started": 2, "done": 0, "failed": 0, "left": 2}
    run_jobs()
    assert mixed.ratings_jobs(jobs_before)["done"] == 2
    assert Job.objects.filter(kind=Kind.RATINGS, status=JobStatus.QUEUED).count() == 0


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_refused_write_is_an_error_of_the_writer_not_a_game(live_server):
    setup = WriteSetup(live_server.url, "league", {MEMBER: "wrong"}, ["Ann"], [1, 2, 3, 4], [1])
    writer = SteadyWriter(setup, rate=1, seconds=0)
    writer.run()
    assert writer.errors and "could not log in" in writer.errors[0]
    assert writer.summary()["games"] == 0


def test_bad_arguments_stop_the_command_before_anything_starts(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://nowhere/none")
    with pytest.raises(CommandError):
        call_command("loadtest", duration=0)


def test_the_table_shows_the_write_p50_and_the_jobs_left():
    from io import StringIO

    from bench.management.commands.loadtest import Command

    writer = {"games": 0, "rate": 0.0, "write_p50_ms": math.nan, "errors": []}
    jobs = {"started": 0, "done": 0, "failed": 0, "left": 0}
    baseline = {"target": 0.0, "rps": 800.0, "p50": 10.0, "p99": 90.0, "hit_ratio": 0.9}
    rows = [
        {**baseline, "errors": 0, "writer": writer, "jobs": jobs},
        {
            **baseline,
            "target": 1.0,
            "rps": 600.0,
            "errors": 1,
            "writer": {**writer, "games": 10, "rate": 0.98, "write_p50_ms": 412.4, "errors": ["x"]},
            "jobs": {"started": 10, "done": 7, "failed": 1, "left": 2},
        },
    ]
    out = StringIO()
    Command(stdout=out).print_mixed(rows, workers=2, connections=16, duration=10)
    lines = out.getvalue().splitlines()
    assert "| write p50 ms | jobs left | errors |" in lines[-4]
    assert lines[-1] == "| 1 | 0.98 | 600.0 | 0.75 | 10.0 | 90.0 | 0.900 | 412 | 2 | 3 |"


def test_a_write_run_is_compared_with_the_no_write_runs_around_it():
    """The machine slowed from 800 to 400 req/s between the two no-write runs: the write
    run's 600 is the no-write rate of its time (1.00), not three quarters of the first."""
    from io import StringIO

    from bench.management.commands.loadtest import Command

    writer = {"games": 0, "rate": 0.0, "write_p50_ms": math.nan, "errors": []}
    jobs = {"started": 0, "done": 0, "failed": 0, "left": 0}
    row = {"target": 0.0, "p50": 10.0, "p99": 90.0, "hit_ratio": 0.9, "errors": 0}
    rows = [
        {**row, "rps": 800.0, "writer": writer, "jobs": jobs},
        {**row, "target": 1.0, "rps": 600.0, "writer": {**writer, "rate": 1.0}, "jobs": jobs},
        {**row, "rps": 400.0, "writer": writer, "jobs": jobs},
    ]
    out = StringIO()
    Command(stdout=out).print_mixed(rows, workers=2, connections=16, duration=10)
    lines = out.getvalue().splitlines()
    assert lines[-2].startswith("| 1 | 1.00 | 600.0 | 1.00 |")
    assert lines[-1].startswith("| 0 | 0.00 | 400.0 | 0.50 |")
