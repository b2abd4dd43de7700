"""The load test's mixed mode: wrk reads a mix of pages while games are written.

``loadtest --writes 1,5`` runs wrk once per rate (0 games a second first, the baseline):
each request picks one of the mix's pages at random, and a Lua script counts the answers'
``X-Cache`` headers, so the hit ratio is the server's own. The writers (``bench.writer``)
post games to the same server beside wrk for exactly as long, in threads of this process
(one per half a game a second: a game takes a few hundred ms to write on a busy machine),
and a task worker runs the ratings jobs their approvals start.
"""

from __future__ import annotations

import math
import re
import statistics
import tempfile
from pathlib import Path

from django.db.models import Count, Max

from bench.writer import SteadyWriter, WriteSetup
from games.jobs.models import Job, JobStatus, Kind

# Labels of ``public_pages()`` the readers pick from, uniformly.
MIXED_LABELS = (
    "home",
    "leaderboard by score",
    "leaderboard by date, page 1",
    "standings",
    "player (busiest)",
    "ancient ones",
    "ancient one (busiest)",
    "investigators",
    "teams",
    "team (busiest)",
    "scenarios",
)
MAX_RATE = 50.0  # games a second: beyond that the writer is the test
RATE_PER_WRITER = 0.5
WRK_TIMEOUT = "10s"  # a slower answer counts as an error instead of vanishing from p99

LUA = """
local paths = {%(paths)s}
local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end
function init(args)
  math.randomseed(id * 7919)
  hits, misses, unmarked = 0, 0, 0
end
function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
function response(status, headers, body)
  local cache = headers["X-Cache"] or headers["x-cache"]
  if cache == "hit" then hits = hits + 1
  elseif cache == "miss" then misses = misses + 1
  else unmarked = unmarked + 1 end
end
function done(summary, latency, requests)
  local h, m, u = 0, 0, 0
  for _, thread in ipairs(threads) do
    h = h + thread:get("hits")
    m = m + thread:get("misses")
    u = u + thread:get("unmarked")
  end
  io.write(string.format("X-Cache hit=%%d miss=%%d none=%%d\\n", h, m, u))
end
"""

REQUESTS_PER_SECOND = re.compile(r"Requests/sec:\s+([\d.]+)")
PERCENTILE = re.compile(r"^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
CACHE_COUNTS = re.compile(r"X-Cache hit=(\d+) miss=(\d+) none=(\d+)")
ERRORS = re.compile(r"Non-2xx or 3xx responses:\s+(\d+)")
SOCKET_ERRORS = re.compile(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)")
UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def parse_rates(text: str) -> list[float]:
    """``"1,5"`` → ``[0.0, 1.0, 0.0, 5.0, 0.0]``: the rates to run, each between two
    no-write runs (a shared machine's speed drifts within minutes: each write run is
    compared with the no-write runs just before and after it)."""
    try:
        rates = sorted({float(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise ValueError("--writes takes games per second, e.g. 1 or 1,5") from None
    if not rates or rates[0] < 0 or rates[-1] > MAX_RATE or any(map(math.isnan, rates)):
        raise ValueError(f"--writes takes rates from 0 to {MAX_RATE:g} games a second.")
    return [0.0, *(run for rate in rates if rate > 0 for run in (rate, 0.0))]


def lua_script(folder: str, paths: list[str]) -> Path:
    script = Path(folder) / "mixed.lua"
    quoted = ", ".join('"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"' for path in paths)
    script.write_text(LUA % {"paths": quoted})
    return script


def parse_wrk(output: str) -> dict:
    """Requests per second, p50 and p99 (ms), the X-Cache counts and errors of one run."""
    rate = REQUESTS_PER_SECOND.search(output)
    counts = CACHE_COUNTS.search(output)
    if rate is None or counts is None:
        raise ValueError(f"Could not read wrk's output:\n{output}")
    percentiles = {
        int(match[0]): float(match[1]) * UNIT_MS[match[2]] for match in PERCENTILE.findall(output)
    }
    hits, misses, unmarked = (int(value) for value in counts.groups())
    errors = ERRORS.search(output)
    sockets = SOCKET_ERRORS.search(output)
    return {
        "rps": float(rate.group(1)),
        "p50": percentiles.get(50, math.nan),
        "p99": percentiles.get(99, math.nan),
        "hit_ratio": hits / (hits + misses) if hits + misses else math.nan,
        "unmarked": unmarked,
        "errors": (int(errors.group(1)) if errors else 0)
        + (sum(int(value) for value in sockets.groups()) if sockets else 0),
    }


def writers_for(setup: WriteSetup, rate: float, seconds: float) -> list[SteadyWriter]:
    """Threads that write ``rate`` games a second between them for ``seconds``."""
    if rate <= 0:
        return []
    count = max(1, math.ceil(rate / RATE_PER_WRITER))
    return [SteadyWriter(setup, rate / count, seconds, seed=index + 1) for index in range(count)]


# As make run's: jobs run in the worker's own process (RQ's default forks a process for
# each job, which at five games a second cost readers 0.15 -> 0.06 of their no-write rate).
RQ_WORKER_OPTIONS = [
    "--worker-class",
    "rq.worker.SimpleWorker",
    "--job-class",
    "django_tasks_rq.Job",
]


def worker_command(redis_url: str) -> list[str]:
    """The task worker ``make run`` starts: RQ's with a Redis, else the database queue's."""
    if redis_url:
        return ["rqworker", *RQ_WORKER_OPTIONS, "default"]
    return ["db_worker", "--verbosity=0"]  # no line per task: failures are the jobs' own


def writers_summary(writers: list[SteadyWriter]) -> dict:
    summaries = [writer.summary() for writer in writers]
    times = [ms for writer in writers for ms in writer.write_ms]
    return {
        "games": sum(summary["games"] for summary in summaries),
        "rate": sum(summary["rate"] for summary in summaries),
        "write_p50_ms": statistics.median(times) if times else math.nan,
        "errors": [error for summary in summaries for error in summary["errors"]],
    }


def ratings_jobs(after: int) -> dict:
    """The ratings jobs started since job ``after``: how many, and how many are done,
    failed, and left (queued or running: the worker has not caught up with them)."""
    jobs = Job.objects.filter(pk__gt=after, kind=Kind.RATINGS)
    counts = dict(jobs.values_list("status").annotate(n=Count("pk")).order_by())
    return {
        "started": sum(counts.values()),
        "done": counts.get(JobStatus.DONE, 0),
        "failed": counts.get(JobStatus.FAILED, 0),
        "left": counts.get(JobStatus.QUEUED, 0) + counts.get(JobStatus.RUNNING, 0),
    }


def last_job() -> int:
    return Job.objects.aggregate(last=Max("pk"))["last"] or 0


def temporary_folder():
    return tempfile.TemporaryDirectory(prefix="loadtest-")
