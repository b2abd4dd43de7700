"""The benchmark tools: the bare load-test page, bench_pages and the loadtest command's parts.

Benchmarks measure; nothing here asserts a timing.
"""

import io
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from bench.benchmarks import measure_page, measure_reference, percentile, public_pages
from bench.management.commands import loadtest
from tests.addresses import reverse
from tests.budgets import LEAGUE_READ
from tests.factories import demo_league

pytestmark = pytest.mark.django_db


def test_the_bare_page_is_a_404_unless_load_test_views_are_on(client):
    assert client.get(reverse("bench:bare")).status_code == 404


@override_settings(LEAGUE_BENCH_VIEWS=True)
def test_the_bare_page_is_20_kb_without_a_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("bench:bare"))
    assert response.status_code == 200
    assert 19_000 < len(response.content) < 22_000


def test_the_reference_page_is_a_404_unless_load_test_views_are_on(client):
    assert client.get(reverse("bench:reference")).status_code == 404


@override_settings(LEAGUE_BENCH_VIEWS=True)
def test_the_reference_page_is_a_50_by_8_table_of_links_in_the_layout(
    client, django_assert_num_queries
):
    # The layout's one query: the league its navigation links into (as on a league page).
    with django_assert_num_queries(LEAGUE_READ):
        response = client.get(reverse("bench:reference"))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<tr>") == 51 and html.count("<td><a href=") == 400
    assert 'class="site-footer"' in html  # inside base.html, as a league page is
    assert not any(mark in html for mark in ("{%", "%}", "{{", "}}"))


def test_a_measured_page_reports_its_cpu_beside_its_wall_time(client):
    demo_league(20, seed=5)
    row = measure_reference(3)
    assert len(row["cpu_samples"]) == 3 and row["cpu"] > 0 and row["queries"] == LEAGUE_READ


@pytest.mark.parametrize(
    ("samples", "fraction", "expected"),
    [
        ([5, 1, 3], 0.5, 3),
        (list(range(1, 21)), 0.95, 19),
        (list(range(1, 21)), 1, 20),
        ([7], 0.95, 7),
    ],
)
def test_percentile(samples, fraction, expected):
    assert percentile(samples, fraction) == expected


def test_every_benchmarked_page_answers_with_its_size_and_queries(client):
    demo_league(80, seed=3)
    pages = public_pages(exports=True)
    labels = [label for label, _ in pages]
    for wanted in ("home", "standings", "player (busiest)", "leaderboard by date, page 200"):
        assert wanted in labels
    for label, url in pages:
        assert client.get(url).status_code == 200, label
    row = measure_page(pages[0][1], 2, cache_miss=True)
    assert row["queries"] > 0 and row["bytes"] > 1000 and row["p95"] >= row["p50"] > 0


def test_a_miss_reads_the_cached_filter_choices_and_a_cold_miss_reads_them_again():
    demo_league(40, seed=3)
    leaderboard = dict(public_pages())["leaderboard by score"]
    warm = measure_page(leaderboard, 1, cache_miss=False)
    miss = measure_page(leaderboard, 1, cache_miss=True)
    cold = measure_page(leaderboard, 1, cache_miss=True, cold=True)
    # Served from the page cache; rendered with the choices cached; everything read again.
    assert warm["queries"] < miss["queries"] < cold["queries"]


def test_a_fragments_miss_renders_the_page_with_its_fragments_kept(settings):
    demo_league(40, seed=3)
    investigator = dict(public_pages())["investigator (busiest)"]
    # The page cache in memory, so its own reads and writes are no queries to count.
    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"}
    settings.CACHES = {**settings.CACHES, "default": memory}
    warm = measure_page(investigator, 1, cache_miss=False)
    kept = measure_page(investigator, 1, cache_miss=True, fragments=True)
    miss = measure_page(investigator, 1, cache_miss=True)
    # Rendered (more than a hit reads), its record from the fragment cache (less than a miss).
    assert warm["queries"] < kept["queries"] < miss["queries"]
    assert kept["bytes"] == miss["bytes"]


@pytest.mark.django_db(transaction=True)
def test_bench_pages_seeds_a_kept_database_once_and_reuses_it(tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("kept databases are files here; on PostgreSQL they are real databases")
    small, large = tmp_path / "bench-small.sqlite3", tmp_path / "bench-large.sqlite3"
    args = ["--sizes", "20,40", "--databases", f"{small},{large}", "--repeat", "1"]
    out, err = io.StringIO(), io.StringIO()
    call_command("bench_pages", *args, "--cache", "miss", stdout=out, stderr=err)
    assert small.exists() and large.exists()
    assert "Seeded" in err.getvalue() and "Reusing" not in err.getvalue()
    table = out.getvalue()
    one_size = r"( +[\d.]+ \|){3} +[\d.]+× \|( +[\d.]+ \|){2}"
    ratios = r" +[\d.]+× \| +[\d.]+× \|"
    assert re.search(rf"\| home \(miss\) +\|{one_size}{one_size}{ratios}", table)
    # The yardstick is in the same table, one times itself.
    assert re.search(r"\| reference: 50 × 8 table of links \(miss\) +\| .*\|  +1\.0× \|", table)
    out, err = io.StringIO(), io.StringIO()
    call_command("bench_pages", *args, "--cache", "warm", stdout=out, stderr=err)
    assert err.getvalue().count("Reusing") == 2 and "Seeded" not in err.getvalue()
    assert "| standings " in out.getvalue()


WRK_OUTPUT = """Running 10s test @ http://127.0.0.1:8765/
  2 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.01ms    2.00ms  30.00ms   90.00%
  3210 requests in 10.00s, 64.00MB read
  Non-2xx or 3xx responses: 12
Requests/sec:    321.04
Transfer/sec:      6.40MB
"""


def test_the_load_test_reads_wrk_and_runs_a_production_like_server(monkeypatch):
    command = loadtest.Command()
    command.base, command.wrk_args = "http://127.0.0.1:1", []

    def fake_run(args, **kwargs):
        return type("Done", (), {"stdout": WRK_OUTPUT, "stderr": ""})()

    monkeypatch.setattr(loadtest.subprocess, "run", fake_run)
    assert command.wrk("/") == (321.04, 12)
    env = command.server_env("0")
    assert env["DJANGO_DEBUG"] == "0" and env["LEAGUE_BENCH_VIEWS"] == "1"
    assert env["LEAGUE_PAGE_CACHE_SECONDS"] == "0" and len(env["DJANGO_SECRET_KEY"]) > 40
    assert command.server_env(None).get("LEAGUE_PAGE_CACHE_SECONDS") != "0"
