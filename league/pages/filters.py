"""Filters for the league pages (django-filter). Each filter calls ``league.queries``."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import QuerySet

from games import rules
from games.models import AncientOne, Box, Outcome, Player, PlayerStanding, Session, Team
from games.models.summaries import ALL_TIME
from league.models import Season
from league.queries import standings, team_standings
from league.queries.ranks import ScoreLadder, ladder_from_summaries, ladder_of

DATE_INPUT = forms.DateInput(attrs={"type": "date"})
VICTORY_OUTCOMES = [(value, label) for value, label in Outcome.choices if value in rules.VICTORIES]
INVESTIGATOR_COUNTS = [
    (n, str(n)) for n in range(rules.MIN_INVESTIGATORS, rules.MAX_INVESTIGATORS + 1)
]


# The leaderboard filters the AncientOneScore histogram is kept by.
SUMMARY_FILTERS = frozenset({"ancient_one", "investigators", "season"})


def _given(value) -> bool:
    """Whether a cleaned filter value narrows anything (an empty choice does not)."""
    if isinstance(value, QuerySet):
        return not value.query.is_empty()
    return value not in (None, "", [], ())


def season_filter(**kwargs) -> django_filters.ModelChoiceFilter:
    return django_filters.ModelChoiceFilter(
        queryset=Season.objects.all(), to_field_name="slug", empty_label="All time", **kwargs
    )


class LeaderboardFilter(django_filters.FilterSet):
    """Which approved victories the leaderboard ranks."""

    ancient_one = django_filters.ModelChoiceFilter(
        queryset=AncientOne.objects.all(),
        to_field_name="slug",
        label="Ancient One",
        empty_label="Any",
    )
    boxes = django_filters.ModelMultipleChoiceFilter(
        queryset=Box.objects.all(),
        to_field_name="slug",
        label="Boxes in play (all of)",
        method="filter_boxes",
        widget=forms.CheckboxSelectMultiple,
    )
    outcome = django_filters.ChoiceFilter(choices=VICTORY_OUTCOMES, empty_label="Any victory")
    investigators = django_filters.ChoiceFilter(
        field_name="investigator_count",
        choices=INVESTIGATOR_COUNTS,
        label="Investigators",
        empty_label="Any",
    )
    season = season_filter(method="filter_season", label="Season")
    played_after = django_filters.DateFilter(
        field_name="played_on", lookup_expr="gte", label="Played from", widget=DATE_INPUT
    )
    played_before = django_filters.DateFilter(
        field_name="played_on", lookup_expr="lte", label="Played until", widget=DATE_INPUT
    )
    player = django_filters.ModelChoiceFilter(
        # Players with an approved game, read from their all-time standings row (kept on
        # write) rather than searching every seat for each player.
        queryset=Player.objects.filter(standings__scope=ALL_TIME, standings__games__gt=0),
        to_field_name="slug",
        method="filter_player",
        label="Player",
        empty_label="Anyone",
    )

    team = django_filters.ModelChoiceFilter(
        queryset=Team.objects.all(),
        to_field_name="slug",
        method="filter_team",
        label="Team",
        empty_label="Any team or none",
    )

    class Meta:
        model = Session
        fields: list[str] = []

    def score_ladder(self, selection) -> ScoreLadder:
        """How many of the selected victories have each score (ranks and the total).

        Read from the summary histogram when only the filters it is kept by (Ancient One,
        investigators, season) narrow the list; otherwise one grouped query over
        ``selection``, which those other filters bound.
        """
        if self.is_bound and not self.is_valid():
            return ladder_of(selection)  # the view shows no rows: ``selection`` is none()
        data = self.form.cleaned_data if self.is_bound else {}
        if any(_given(value) for name, value in data.items() if name not in SUMMARY_FILTERS):
            return ladder_of(selection)
        investigators = data.get("investigators")
        return ladder_from_summaries(
            ancient_one=data.get("ancient_one"),
            investigators=int(investigators) if investigators else None,
            season=data.get("season"),
        )

    def filter_team(self, queryset, name, value):
        return queryset.played_as(value)

    def filter_boxes(self, queryset, name, value):
        return queryset.with_all_boxes(value)

    def filter_season(self, queryset, name, value):
        return queryset.in_season(value)

    def filter_player(self, queryset, name, value):
        return queryset.played_by(value)


class StandingsFilter(django_filters.FilterSet):
    """The season the standings cover and the fewest games a row needs."""

    season = season_filter(method="keep", label="Season")
    min_games = django_filters.NumberFilter(
        method="keep",
        label="Minimum games",
        min_value=1,
        help_text="Win % and averages mean little over two games.",
    )

    class Meta:
        model = PlayerStanding
        fields: list[str] = []

    def keep(self, queryset, name, value):
        return queryset

    def filter_queryset(self, queryset):
        """The chosen season's standings rows (all time by default), without thin records."""
        season = self.form.cleaned_data.get("season")
        minimum = self.form.cleaned_data.get("min_games") or 1
        return standings(season=season).filter(games__gte=minimum)


class TeamStandingsFilter(StandingsFilter):
    """The team standings: the same season and minimum, over teams."""

    class Meta:
        model = Team
        fields: list[str] = []

    def filter_queryset(self, queryset):
        season = self.form.cleaned_data.get("season")
        minimum = self.form.cleaned_data.get("min_games") or 1
        # Summary rows in the season's scope: no aggregate over games however many.
        return team_standings(season).filter(games__gte=minimum)


class SeasonForm(forms.Form):
    """The season picker on pages that are not tables (a player's page)."""

    season = forms.ModelChoiceField(
        queryset=Season.objects.all(), to_field_name="slug", required=False, empty_label="All time"
    )
