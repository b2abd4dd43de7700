"""The navigation's search box: rows of each kind where each typed word starts a word of the
stored search key (``games.names.search_key``), a bounded handful of each. Players are the
league's public ones, found through its standings rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.models import AncientOne, Investigator, Player, Scenario, Team
from games.models.summaries import scope_of

# Results shown per kind: enough to pick from; a longer list asks for more of the name.
SHOWN = 20


@dataclass(frozen=True)
class Kind:
    key: str
    heading: str
    noun: str
    rows: Callable[[object], QuerySet]  # a league -> its rows of this kind (public ones)


# The noun is said after a number ("the first 20 players"): its own message, since
# languages decline it there (Polish "graczy", German "Großen Alten").
KINDS = (
    Kind(
        "players",
        _("Players"),
        pgettext_lazy("after a number", "players"),
        lambda league: Player.objects.filter(
            standings__scope=scope_of(league), standings__games__gt=0
        ),
    ),
    Kind("teams", _("Teams"), pgettext_lazy("after a number", "teams"), Team.objects.of_league),
    Kind(
        "investigators",
        _("Investigators"),
        pgettext_lazy("after a number", "investigators"),
        lambda league: Investigator.objects.all(),
    ),
    Kind(
        "ancient_ones",
        _("Ancient Ones"),
        pgettext_lazy("after a number", "Ancient Ones"),
        lambda league: AncientOne.objects.all(),
    ),
    Kind(
        "scenarios",
        _("Scenarios"),
        pgettext_lazy("after a number", "scenarios"),
        Scenario.objects.of_league,
    ),
)


@dataclass(frozen=True)
class Found:  # up to ``SHOWN`` rows of one kind, and whether there are more
    kind: Kind
    rows: list
    more: bool


def matching(rows: QuerySet, words: list[str]) -> QuerySet:
    """``rows`` matching every word (in the key's form, ``search_words``), those starting
    with the whole query first."""
    for word in words:
        rows = rows.filter(Q(search_key__startswith=word) | Q(search_key__contains=f" {word}"))
    starts = Case(
        When(search_key__startswith=" ".join(words), then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return rows.order_by(starts, "search_key", "pk")


def search(words: list[str], league) -> list[Found]:
    if not words:
        return []
    found = []
    for kind in KINDS:
        rows = list(matching(kind.rows(league), words)[: SHOWN + 1])
        found.append(Found(kind, rows[:SHOWN], more=len(rows) > SHOWN))
    return found
