"""Leagues, their members and their seasons, as league staff manage them in the admin."""

from django.contrib import admin

from league.models import League, Membership, Season


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "visibility", "created_at"]
    list_filter = ["visibility"]
    search_fields = ["name", "description"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "start", "end"]
    list_filter = ["league"]
    list_select_related = ["league"]
    search_fields = ["name"]
    date_hierarchy = "start"
    prepopulated_fields = {"slug": ["name"]}
