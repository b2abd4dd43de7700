"""The load test's mixed mode: its arguments, its reading of wrk, and its writer's games."""

import math

import pytest
from django.core.management import CommandError, call_command

from bench import mixed
from bench.writer import SteadyWriter
from games.models import Session
from tests.factories import game, seat

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
        ("1", [0.0, 1.0]),
        ("5,1", [0.0, 1.0, 5.0]),
        ("0,1,5", [0.0, 1.0, 5.0]),
        ("0.5", [0.0, 0.5]),
    ],
)
def test_the_rates_start_with_the_no_write_run(text, rates):
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
    writers = mixed.writers_for(5, 10)
    assert len(writers) == 10 and math.isclose(sum(w.rate for w in writers), 5)
    assert mixed.writers_for(0, 10) == []


@pytest.mark.django_db
def test_the_writer_submits_and_approves_a_game_through_the_write_path():
    game(seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins")])
    writer = SteadyWriter(1, 0)
    writer.prepare()
    writer.write_one()
    written = Session.objects.filter(submitted_by__username="loadtest-member").get()
    assert written.status == "approved" and written.score is not None
    assert written.seats.count() >= 1


def test_bad_arguments_stop_the_command_before_anything_starts(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://nowhere/none")
    with pytest.raises(CommandError):
        call_command("loadtest", duration=0)
