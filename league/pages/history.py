"""A side's game history filtered, on a player's page and on "My games": by Ancient One,
outcome, investigator, who else sat at the table and the dates played. On a player's page
the investigator is the one *that player* ended with and "Played with" offers their
teammates; on "My games", anyone's investigator and every public player."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import rules
from games.models import Investigator, Outcome, Player, PlayerTeammate, Seat, Session
from league.pages.choices import CachedChoicesForm, CachedModelChoiceFilter
from league.pages.filters import ancient_one_filter, played_from_filter, played_until_filter
from league.pages.paginators import BoundedPaginator

VICTORY = "victory"
OUTCOMES = [(VICTORY, _("Any victory")), *Outcome.choices]
# Filters of the history (the page may carry others: season, page, sort).
FIELDS = ("ancient_one", "outcome", "investigator", "teammate", "played_after", "played_before")


class HistoryForm(CachedChoicesForm):
    """The filter's form: a date range must run forwards; its lists are read together
    from the cache (``league.pages.choices``)."""

    def clean(self):
        data = super().clean()
        start, end = data.get("played_after"), data.get("played_before")
        if start and end and end < start:
            self.add_error(
                "played_before",
                gettext("“Played until” (%(end)s) is before “Played from” (%(start)s).")
                % {"end": date_format(end), "start": date_format(start)},
            )
        return data


class GameHistoryFilter(django_filters.FilterSet):
    ancient_one = ancient_one_filter()
    outcome = django_filters.ChoiceFilter(
        choices=OUTCOMES, method="filter_outcome", label=_("Outcome"), empty_label=_("Any")
    )
    investigator = CachedModelChoiceFilter(
        choices_name="investigators",
        queryset=Investigator.objects.all(),
        to_field_name="slug",
        method="filter_investigator",
        label=_("Investigator"),
        empty_label=_("Any"),
    )
    teammate = CachedModelChoiceFilter(
        choices_name="listed-players",
        changes_with_games=True,
        queryset=Player.objects.none(),
        to_field_name="slug",
        method="filter_teammate",
        label=_("Played with"),
        empty_label=_("Anyone"),
    )
    played_after = played_from_filter()
    played_before = played_until_filter()

    class Meta:
        model = Session
        fields: list[str] = []
        form = HistoryForm

    def __init__(
        self, data=None, queryset=None, *, player: Player | None = None, league=None, **kwargs
    ):
        super().__init__(data, queryset, **kwargs)
        self.player = player
        teammate = self.filters["teammate"]
        teammate.queryset = teammate_choices(player, league)
        # Each league's list, and each player's own in it, kept by their ids.
        where = league.pk if league is not None else 0
        if player is None:
            teammate.extra["choices_name"] = f"listed-players-{where}"
            self.filters["investigator"].label = gettext("Investigator at the table")
        else:
            teammate.extra["choices_name"] = f"teammates-{where}-{player.pk}"
            self.filters["investigator"].label = gettext("Investigator %(player)s played") % {
                "player": player
            }

    @property
    def narrowed(self) -> bool:
        """Whether a filter is given (so the summary rows no longer count the rows)."""
        return self.is_bound and any(self.data.get(name) for name in FIELDS)

    def known_count(self, summary: dict) -> int | None:
        """How many games pass, read from the side's summary (its standings row in the
        page's scope) when that row counts them: "Any victory" and nothing else is its
        ``victories``. None for any other filter (the rows are counted)."""
        given = {name for name in FIELDS if self.data.get(name)}
        if given == {"outcome"} and self.is_valid() and self.form.data["outcome"] == VICTORY:
            return summary["victories"]
        return None

    def games(self) -> QuerySet:
        """The filtered games; none while a filter is not valid (its error is shown)."""
        if self.is_bound and not self.is_valid():
            return self.queryset.none()
        return self.qs

    def filter_outcome(self, queryset, name, value):
        if value == VICTORY:
            return queryset.filter(outcome__in=rules.VICTORIES)
        return queryset.filter(outcome=value)

    def filter_investigator(self, queryset, name, value):
        seats = Seat.objects.filter(investigator=value)
        if self.player is not None:  # the investigator that player ended the game with
            seats = seats.filter(player=self.player)
        return queryset.filter(pk__in=seats.values("session_id"))

    def filter_teammate(self, queryset, name, value):
        return queryset.filter(pk__in=Seat.objects.filter(player=value).values("session_id"))


def teammate_choices(player: Player | None, league=None) -> QuerySet[Player]:
    """Players public in ``league`` to offer as "Played with": ``player``'s teammates
    there (all time, from their summary rows), or every such player when there is no one
    player (``league`` None: every public league)."""
    public = Player.objects.listed(league).order_by("name", "pk")
    if player is None:
        return public
    together = PlayerTeammate.objects.in_scope(league).filter(player=player, games__gt=0)
    return public.filter(pk__in=together.values("teammate_id"))


# A filtered history counts at most this many rows: its COUNT reads a bounded slice
# however many games the player has, and pages stay within it.
FILTERED_ROWS = 1000


class CappedCountPaginator(BoundedPaginator):
    """Pages over at most ``FILTERED_ROWS`` rows: the count reads no further (``capped``
    says the list goes on, for the page to ask for narrower filters). ``rows``: the
    queryset to count when ``object_list`` is not one (a django-tables2 table's rows);
    ``known``: the number of rows when a summary row already counts them (no COUNT)."""

    def __init__(self, object_list, *args, rows=None, known: int | None = None, **kwargs):
        super().__init__(object_list, *args, **kwargs)
        if known is not None:
            self.counted = min(known, FILTERED_ROWS + 1)
        else:
            counted = object_list if rows is None else rows
            self.counted = counted[: FILTERED_ROWS + 1].count()

    @property
    def capped(self) -> bool:
        return self.counted > FILTERED_ROWS

    @property
    def count(self) -> int:
        return min(self.counted, FILTERED_ROWS)
