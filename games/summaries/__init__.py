"""The league's summary rows kept on write (see ``contribution`` for the rules).

- ``tracking(ids)``: wrap a write; the summaries change with it, in its transaction.
- ``summaries_rebuild()``: recompute every row from the games (``rebuild_summaries``).
- ``summaries_differences()``: where stored rows and a fresh fold disagree.
"""

from .rebuild import summaries_differences, summaries_rebuild
from .tracking import suspended, tracking

__all__ = [
    "summaries_differences",
    "summaries_rebuild",
    "suspended",
    "tracking",
]
