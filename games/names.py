"""Names: how a typed name is cleaned, the key that decides "same person", and the words
a search compares.

Pure Python, no Django import. Two names are the same player when their keys are equal;
the key is stored on the row (``Player.name_key``, unique), so SQLite and PostgreSQL
agree on it whatever their collations do with case and accents. The search key
(``search_key``) is stored the same way on every named row the search box finds, so
"elodie" finds "Élodie" on both databases without ``unaccent`` (which SQLite lacks).
"""

from __future__ import annotations

import difflib
import functools
import re
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
    # Cyrillic, then Greek: each letter above the Latin one it passes for.
    "авекмнорстухіјѕԁӏ" + "αβεζηικμνορτυχ",
    "abekmhopctyxijsdl" + "abezhikmnoptyx",
)

# Unicode categories dropped from names: format characters (zero-width space and joiners,
# soft hyphen, direction marks) and control characters. They are invisible, so a name
# with them looks exactly like one without.
DROPPED_CATEGORIES = frozenset({"Cf", "Cc"})


# An import asks for the same few hundred names tens of thousands of times; both functions
# are pure, so their answers are kept (a bounded number of them).
NAMES_KEPT = 8192


@functools.lru_cache(maxsize=NAMES_KEPT)
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


@functools.lru_cache(maxsize=NAMES_KEPT)
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
    """The names among ``candidates`` (``(name, name_key)`` pairs) that ``name`` may be a
    mistyping of, most alike first; never one that is the same player.

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


# Letters that keep their mark when Unicode takes accents apart (a stroke or a ligature is
# the letter itself, not a combining mark), read as what an English keyboard types for them.
# ß needs no entry: case folding already makes it "ss".
UNMARKED = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "þ": "th", "æ": "ae", "œ": "oe"}
)
# A word: a run of letters and digits of any script. Everything else (spaces, apostrophes,
# hyphens, dots, commas) separates words.
_WORD = re.compile(r"[^\W_]+")

# Bounds on what the search box takes: a name is at most 80 characters, and each word is
# one more condition on every candidate row.
MAX_QUERY_LENGTH = 100
MAX_QUERY_WORDS = 6


def _unaccented(text: str) -> str:  # "Élodie" -> "elodie", "Łukasz" -> "lukasz"
    parts = unicodedata.normalize("NFKD", name_key(text))
    bare = "".join(ch for ch in parts if not unicodedata.combining(ch)).translate(UNMARKED)
    return unicodedata.normalize("NFKC", bare)


def search_words(text: str) -> list[str]:
    """The words of ``text`` as a search compares them: case-folded, without accents, split
    on anything that is not a letter or a digit.

    >>> search_words("  Y'Golonac, the DEFILER ")
    ['y', 'golonac', 'the', 'defiler']
    """
    return _WORD.findall(_unaccented(text))


def search_key(name: str) -> str:
    """What is stored beside a name for the search box to match: its words, one space
    apart, then each word that punctuation split written whole, so "ygolonac", "golonac"
    and "y'golonac" all find Y'Golonac.

    >>> search_key("Shub-Niggurath")
    'shub niggurath shubniggurath'
    >>> search_key("Élodie O'Brien")
    'elodie o brien obrien'
    """
    words, joined = [], []
    for chunk in _unaccented(name).split():
        parts = _WORD.findall(chunk)
        words.extend(parts)
        if len(parts) > 1:
            joined.append("".join(parts))
    return " ".join(words + joined)
