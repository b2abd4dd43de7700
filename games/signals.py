"""Signals of the league's write side."""

from django.dispatch import Signal

# Sent (inside the writing transaction) whenever approved league data changed.
league_changed = Signal()
