"""What the pages' filters share: the season picker, as a filter on table pages and as a
plain form on pages that are not tables, its options cached under the league version
(``league.pages.choices``). Each subject's filters live with its pages."""

from __future__ import annotations

import django_filters

from league.models import Season
from league.pages.choices import CachedChoicesForm, CachedModelChoiceField, CachedModelChoiceFilter


def season_filter(**kwargs) -> django_filters.ModelChoiceFilter:
    return CachedModelChoiceFilter(
        choices_name="seasons",
        queryset=Season.objects.all(),
        to_field_name="slug",
        empty_label="All time",
        **kwargs,
    )


class SeasonForm(CachedChoicesForm):
    """The season picker on pages that are not tables (a player's page)."""

    season = CachedModelChoiceField(
        choices_name="seasons",
        queryset=Season.objects.all(),
        to_field_name="slug",
        required=False,
        empty_label="All time",
    )
