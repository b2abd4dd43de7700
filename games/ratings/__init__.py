"""Ratings kept from the games (``games.rating_rules`` says how one game moves them).

- ``replay``: rate the approved games again from one game on (or all of them), in order,
  and store the ratings and their points; what the background job and
  ``rebuild_ratings`` run.
- ``backlog``: every write that changes the rated history notes the earliest game it
  touched and starts the job (on commit).
"""
