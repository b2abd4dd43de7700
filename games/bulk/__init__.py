"""Building a league in bulk: the demo league (``seed_demo``) and benchmark databases.

- ``seed``: ``seed_league()`` seeds a demo league: its people, then its games in batches.
- ``league``: the demo league's people and league play (players, teams, seasons, a series
  of scenarios).
- ``demo_login``: the demo's staff login, which moderates and plays as a team it captains.
- ``planner``: plans realistic, rule-valid games at random, as plain tuples.
- ``load``: writes planned games in bulk (PostgreSQL's COPY), then rebuilds the scenario
  entries and the summaries once.
- ``rows``: new model rows and their history in bulk, for writes that still run every rule
  and upkeep (an import).
"""
