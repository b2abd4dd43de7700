"""What the pages' filters share: the season picker, as a filter on table pages and as a
plain form on pages that are not tables, the Ancient One picker and the range of dates
played (the leaderboard's and a side's game history's), their options cached
(``league.pages.choices``). Each subject's other filters live with its pages."""

from __future__ import annotations

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import AncientOne
from league.models import Season
from league.pages.choices import CachedChoicesForm, CachedModelChoiceField, CachedModelChoiceFilter

DATE_INPUT = forms.DateInput(attrs={"type": "date"})
# The most games a "minimum games" filter takes (the API's bound too): past any league.
MOST_GAMES = 1_000_000


class WholeNumberFilter(django_filters.NumberFilter):
    """A count: a whole number ("82.5 games" is refused next to the field, not truncated)."""

    field_class = forms.IntegerField


def calls(queryset_method: str):
    """A filter's ``method``: the rows' own QuerySet method, given the value chosen."""
    return lambda queryset, name, value: getattr(queryset, queryset_method)(value)


def min_games_filter(help_text: str) -> WholeNumberFilter:
    """The fewest approved games a row needs: a whole number from 1 (pages and API alike);
    read by its filter set's ``filter_queryset``, as the season is."""
    return WholeNumberFilter(
        label=_("Minimum games"),
        min_value=1,
        max_value=MOST_GAMES,
        help_text=help_text,
    )


# A season picker's options: its form's league's seasons, "All time" (none) first.
SEASONS = {
    "choices_name": "seasons",
    "queryset": Season.objects.none(),
    "in_league": lambda league: league.seasons.all(),
    "to_field_name": "slug",
    "empty_label": _("All time"),
}


def season_filter(**kwargs) -> django_filters.ModelChoiceFilter:
    return CachedModelChoiceFilter(**SEASONS, **kwargs)


def ancient_one_filter(**kwargs) -> django_filters.ModelChoiceFilter:
    return CachedModelChoiceFilter(
        choices_name="ancient-ones",
        queryset=AncientOne.objects.all(),
        to_field_name="slug",
        label=_("Ancient One"),
        empty_label=_("Any"),
        **kwargs,
    )


def played_from_filter() -> django_filters.DateFilter:
    return django_filters.DateFilter(
        field_name="played_on", lookup_expr="gte", label=_("Played from"), widget=DATE_INPUT
    )


def played_until_filter() -> django_filters.DateFilter:
    return django_filters.DateFilter(
        field_name="played_on", lookup_expr="lte", label=_("Played until"), widget=DATE_INPUT
    )


class SeasonForm(CachedChoicesForm):
    """The season picker on pages that are not tables (a player's page)."""

    season = CachedModelChoiceField(label=_("Season"), required=False, **SEASONS)

    def chosen(self):
        """The season asked for; None (all time) when none, or not one of the league's."""
        return self.cleaned_data["season"] if self.is_valid() else None
