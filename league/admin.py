"""Seasons are defined by league staff in the admin."""

from django.contrib import admin

from league.models import Season


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start", "end"]
    search_fields = ["name"]
    date_hierarchy = "start"
    prepopulated_fields = {"slug": ["name"]}
