"""The form fields for a player's name: cleaned by ``games.names`` before anything else,
and the "yes, a new player" confirmation a name nobody in the league has needs."""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.models import Player, Seat, Session, Team
from games.names import MAX_NAME_LENGTH, name_key, normalise_name, similar_names


class PlayerNameField(forms.CharField):
    """A name as it will be stored: invisible characters gone, spaces single, at most 80."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", MAX_NAME_LENGTH)
        super().__init__(**kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        return normalise_name(value) if value else value


class NewPlayerCheckbox(forms.CheckboxInput):
    """A checkbox whose value is the name it confirms: ticked for "Dan", it does not
    confirm "Dann" typed afterwards. games/_new_player.html renders it by hand."""

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")

    def value_omitted_from_data(self, data, files, name):
        return False


class NewPlayerField(PlayerNameField):
    """The name the seat's "yes, a new player" box was ticked for ("" when not ticked)."""

    widget = NewPlayerCheckbox

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", gettext_lazy("New player"))
        super().__init__(**kwargs)


@dataclass
class NewName:
    """A seat's name that no league player the user can see has."""

    name: str
    prefix: str  # the seat form's prefix, "seats-2"
    confirmed: bool = False
    suggestions: list[str] = field(default_factory=list)

    def error(self) -> str:
        if not self.suggestions:
            message = _(
                "“%(name)s” is not a league player yet. Correct the name, or tick "
                "“Yes, a new player” to add them to the league."
            )
            return message % {"name": self.name}
        message = _(
            "“%(name)s” is not a league player yet. Did you mean %(suggestions)s? Correct the "
            "name, or tick “Yes, a new player” to add them to the league."
        )
        conjunction = pgettext("between suggested names", "or")
        either = f" {conjunction} ".join(self.suggestions)
        return message % {"name": self.name, "suggestions": either}


def named_players(keys: set[str], league) -> dict[str, Player]:
    """The players with these name keys, by key, each marked ``is_listed`` when it has an
    approved game of ``league``: a submission reads them once for every check of its names."""
    listed = Player.objects.listed(league).filter(pk=OuterRef("pk"))
    found = Player.objects.filter(name_key__in=keys).annotate(is_listed=Exists(listed))
    return {player.name_key: player for player in found}


def known_name_keys(user, keys: set[str], league, players=None) -> set[str]:
    """Which of these name keys are players the user already sees in ``league``: in a
    game of it the user may open (an approved one, one they submitted, any for a
    moderator), on the roster of a team of it they captain or play in (its members know
    one another), or their own. ``players``: ``named_players(keys, league)``, if read.

    Whether a name is "known" says nothing about players the user cannot see: a name
    held only by someone else's pending game counts as new here, as it would on a page.
    """
    players = named_players(keys, league) if players is None else players
    # Most names are players with an approved game here; only the rest need the
    # question of which games and teams the user sees.
    known = {key for key, player in players.items() if player.is_listed}
    unlisted = [player.pk for player in players.values() if not player.is_listed]
    if not unlisted:
        return known
    visible = Session.objects.of_league(league).visible_to(user)
    seated = Seat.objects.filter(player=OuterRef("pk"), session__in=visible)
    own = Q(user=user) if user.is_authenticated else Q(pk__in=[])
    # A public team page names only public members: only the team's own know the rest.
    own_team = (
        Q(team__captain=user) | Q(team__members__user=user)
        if user.is_authenticated
        else Q(pk__in=[])
    )
    on_team = Team.members.through.objects.filter(
        own_team, team__league=league, player=OuterRef("pk")
    )
    seen = Player.objects.filter(pk__in=unlisted).filter(Exists(seated) | Exists(on_team) | own)
    return known | set(seen.values_list("name_key", flat=True))


def suggestable_names(user, league) -> list[tuple[str, str]]:
    """``(name, name_key)`` of every player a "did you mean" may name: the rule of the
    player search (``Player.objects.suggested_to``): players with an approved game of
    ``league``, and the user's own player. Nobody seen only in pending or rejected games,
    nor only in another league's."""
    suggested = Player.objects.suggested_to(user, "", league)
    return list(suggested.values_list("name", "name_key"))


def find_new_names(user, seats: list[tuple[str, str]], league, players=None) -> list[NewName]:
    """The new names among ``seats`` (each ``(form prefix, cleaned name)``), each with
    the names of ``league`` it may be a mistyping of."""
    known = known_name_keys(user, {name_key(name) for _, name in seats}, league, players)
    new = [
        NewName(name=name, prefix=prefix) for prefix, name in seats if name_key(name) not in known
    ]
    if new:
        candidates = suggestable_names(user, league)
        for item in new:
            item.suggestions = similar_names(item.name, candidates)
    return new
