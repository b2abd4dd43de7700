"""Names people type (players, teams): one normal form and one comparison key.

Pure Python. ``normalise_name`` is what gets stored and shown; ``name_key`` is what two
names are compared by, so "Ann  Lee", "ANN LEE" and "Ann Lee" followed by a zero-width
space cannot be two teams.
"""

from __future__ import annotations

import unicodedata

# "Cf" (format) characters are invisible: zero-width spaces and joiners, bidi marks.
INVISIBLE = "Cf"


def normalise_name(name: str) -> str:
    """NFKC, invisible format characters removed, runs of whitespace as one space."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) != INVISIBLE)
    return " ".join(text.split())


def name_key(name: str) -> str:
    """The comparison key: the normal form, case-folded."""
    return normalise_name(name).casefold()
