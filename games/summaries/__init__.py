"""The league's summary rows kept on write (see ``contribution`` for the rules)."""

from .rebuild import summaries_differences, summaries_rebuild
from .tracking import suspended, tracking

__all__ = [
    "summaries_differences",
    "summaries_rebuild",
    "suspended",
    "tracking",
]
