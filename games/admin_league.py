"""The admin of league play: teams (members inline), invitations, series, scenarios (tasks
inline), and a game's tasks grouped by scenario."""

from itertools import groupby

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy

from games.admin_users import AutocompleteLabels
from games.forms.scenarios import SCENARIO_FIELDS, ScenarioTermsMixin
from games.models import Scenario, ScenarioTask, Series, Team, TeamInvitation
from league.scopes import formfield_across_leagues


class MemberInline(admin.TabularInline):
    model = Team.members.through
    extra = 1
    autocomplete_fields = ["player"]
    verbose_name = gettext_lazy("member")
    verbose_name_plural = gettext_lazy("members")


@admin.register(Team)
class TeamAdmin(AutocompleteLabels, admin.ModelAdmin):
    list_display = ["name", "league", "slug", "captain", "created_at"]
    search_fields = ["name", "members__name", "captain__username"]
    list_filter = ["league", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["captain"]
    exclude = ["members"]
    inlines = [MemberInline]


@admin.register(TeamInvitation)
class TeamInvitationAdmin(admin.ModelAdmin):
    """Invitations waiting for a claimed player's answer; staff may withdraw one."""

    list_display = ["team", "player", "invited_by", "created_at"]
    search_fields = ["team__name", "player__name"]
    autocomplete_fields = ["team", "player"]
    readonly_fields = ["invited_by", "created_at"]


def tasks_by_scenario() -> list[tuple[str, list[tuple[int, str]]]]:
    """The choices of a game's "Tasks completed", each under its scenario's name (tasks of
    two scenarios read alike). Grouped by scenario, not name: two leagues may share a name."""
    rows = ScenarioTask.objects.order_by("scenario__name", "scenario", "order", "pk")
    rows = rows.values_list("scenario", "scenario__name", "pk", "text")
    grouped = groupby(rows, key=lambda row: row[:2])
    return [(name, [(pk, text) for *_, pk, text in tasks]) for (_, name), tasks in grouped]


class ScenarioTaskInline(admin.TabularInline):
    """Tasks in order; each may carry a checked condition (its help text says how)."""

    model = ScenarioTask
    extra = 3
    fields = ["order", "text", "condition", "condition_number"]


class ScenarioAdminForm(ScenarioTermsMixin, forms.ModelForm):
    class Meta:
        model = Scenario
        fields = ["league", *SCENARIO_FIELDS]
        formfield_callback = formfield_across_leagues


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    form = ScenarioAdminForm
    list_display = ["name", "league", "series", "order", "opens_at", "closes_at"]
    list_filter = ["league", "series", "ancient_ones"]
    search_fields = ["name", "briefing", "series__name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["ancient_ones", "boxes_required", "boxes_allowed"]
    date_hierarchy = "opens_at"
    inlines = [ScenarioTaskInline]


class ScenarioInline(admin.TabularInline):
    model = Scenario
    extra = 0
    fields = ["order", "name", "opens_at", "closes_at"]
    show_change_link = True
    readonly_fields = ["name", "opens_at", "closes_at"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # scenarios are added on their own page, with their tasks


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "slug"]
    list_filter = ["league"]
    search_fields = ["name", "description"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ScenarioInline]
