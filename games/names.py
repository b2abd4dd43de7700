"""Player names: how a typed name is cleaned, and the key that decides "same person".

Pure Python, no Django import. Two names are the same player when their keys are equal;
the key is stored on the row (``Player.name_key``, unique), so SQLite and PostgreSQL
agree on it whatever their collations do with case and accents.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

# Longest name a player may have, after cleaning (the page headings and tables fit it).
MAX_NAME_LENGTH = 80

# Characters that look like a Latin letter but are not, mapped to that letter in the key so
# "Аlice" (Cyrillic А) cannot sit beside "Alice". Applied after case folding, so each entry
# is lower case; an entry is here when the letter or its capital passes for the Latin one
# (Cyrillic В, Н, М, Т, К and Greek Η, Ν, Τ look Latin only as capitals). Within each script
# no two letters share a target, so two genuine Cyrillic (or Greek) names never collide.
# A small, documented subset of Unicode's confusables, not the whole table.
HOMOGLYPHS = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "і": "i",
        "ј": "j",
        "ѕ": "s",
        "ԁ": "d",
        "ӏ": "l",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "ζ": "z",
        "η": "h",
        "ι": "i",
        "κ": "k",
        "μ": "m",
        "ν": "n",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "y",
        "χ": "x",
    }
)

# Unicode categories dropped from names: format characters (zero-width space and joiners,
# soft hyphen, direction marks) and control characters. They are invisible, so a name
# with them looks exactly like one without.
DROPPED_CATEGORIES = frozenset({"Cf", "Cc"})


def normalise_name(raw: str) -> str:
    """The name as stored and shown: NFKC, invisible characters removed, single spaces.

    >>> normalise_name("  Al\\u00adice\\u200b  Smith ")
    'Alice Smith'
    """
    text = unicodedata.normalize("NFKC", raw)
    # Whitespace first, so tabs and newlines (control characters) become spaces.
    text = " ".join(text.split())
    text = "".join(ch for ch in text if unicodedata.category(ch) not in DROPPED_CATEGORIES)
    return " ".join(text.split())


def name_key(name: str) -> str:
    """The key two names share when they are the same player.

    Case-folded (``Élodie`` and ``élodie``, ``STRASSE`` and ``straße``), normalised again
    (case folding can undo NFKC), and common Cyrillic and Greek look-alikes read as Latin.
    """
    folded = unicodedata.normalize("NFKC", normalise_name(name).casefold())
    return folded.translate(HOMOGLYPHS)


# How alike a typed name and a league name must be to suggest one for the other
# (difflib's ratio of their keys): "Ben Carterr" and "Ben Carter" are 0.95 alike,
# "Ann" and "Anne" 0.86, "Dan" and "Ann" only 0.67.
SIMILAR_CUTOFF = 0.75
SIMILAR_SHOWN = 3


def similar_names(name: str, candidates: Iterable[tuple[str, str]]) -> list[str]:
    """The names among ``candidates`` (each ``(name, its name_key)``) that ``name`` may be
    a mistyping of, most alike first; never a name that is the same player.

    >>> similar_names("Ben Carterr", [("Ben Carter", "ben carter"), ("Ann", "ann")])
    ['Ben Carter']
    """
    key = name_key(name)
    by_key: dict[str, str] = {}
    for candidate, candidate_key in candidates:
        if candidate_key != key:
            by_key.setdefault(candidate_key, candidate)
    close = difflib.get_close_matches(key, by_key, n=SIMILAR_SHOWN, cutoff=SIMILAR_CUTOFF)
    return [by_key[match] for match in close]
