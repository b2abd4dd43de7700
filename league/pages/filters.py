"""What the pages' filters share: the season picker, as a filter on table pages and as a
plain form on pages that are not tables. Each subject's filters live with its pages."""

from __future__ import annotations

import django_filters
from django import forms

from league.models import Season


def season_filter(**kwargs) -> django_filters.ModelChoiceFilter:
    return django_filters.ModelChoiceFilter(
        queryset=Season.objects.all(), to_field_name="slug", empty_label="All time", **kwargs
    )


class SeasonForm(forms.Form):
    """The season picker on pages that are not tables (a player's page)."""

    season = forms.ModelChoiceField(
        queryset=Season.objects.all(), to_field_name="slug", required=False, empty_label="All time"
    )
