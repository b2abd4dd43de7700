"""The load test's mixed mode: wrk reads a mix of pages while games are written.

``loadtest --writes 1,5`` runs wrk once per rate (0 games a second first, the baseline):
each request picks one of the mix's pages at random, and a Lua script counts the answers'
``X-Cache`` headers, so the hit ratio is the server's own. The writer
(``bench.writer``) runs beside wrk for exactly as long, in threads of this process
(one per half a game a second: a game takes a few hundred ms to write on a busy machine).
"""

from __future__ import annotations

import math
import re
import tempfile
from pathlib import Path

from bench.writer import SteadyWriter

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
    """``"1,5"`` → ``[0.0, 1.0, 5.0]``: the rates to run, the no-write baseline first."""
    try:
        rates = sorted({float(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise ValueError("--writes takes games per second, e.g. 1 or 1,5") from None
    if not rates or rates[0] < 0 or rates[-1] > MAX_RATE or any(map(math.isnan, rates)):
        raise ValueError(f"--writes takes rates from 0 to {MAX_RATE:g} games a second.")
    return [0.0, *(rate for rate in rates if rate > 0)]


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


def writers_for(rate: float, seconds: float) -> list[SteadyWriter]:
    """Threads that write ``rate`` games a second between them for ``seconds``."""
    if rate <= 0:
        return []
    count = max(1, math.ceil(rate / RATE_PER_WRITER))
    return [SteadyWriter(rate / count, seconds, seed=index + 1) for index in range(count)]


def writers_summary(writers: list[SteadyWriter]) -> dict:
    summaries = [writer.summary() for writer in writers]
    return {
        "games": sum(summary["games"] for summary in summaries),
        "rate": sum(summary["rate"] for summary in summaries),
        "errors": [error for summary in summaries for error in summary["errors"]],
    }


def temporary_folder():
    return tempfile.TemporaryDirectory(prefix="loadtest-")
