"""Bench-only code, apart from the product: its own small Django app (label ``bench``).

What the benchmarks time (``benchmarks``), the bare page load tests compare the league's
pages with (``views``, mounted as ``bench:bare``, a 404 unless ``LEAGUE_BENCH_VIEWS``),
and the commands ``bench_pages``, ``bench_writes``, ``bench_exports`` and ``loadtest``.
Nothing in the product imports from here.
"""
