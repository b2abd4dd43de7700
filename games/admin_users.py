"""Picking in the admin: an account in a user field, and names for the autocomplete boxes.

Django's autocomplete lists users only to those with view permission on users. League staff
who may edit players (or games, or teams) must pick the account to link, not browse the
accounts: the autocomplete answers them for a user field of a league model whose admin lets
them add or change it, searching usernames and names only (never e-mail addresses). Nothing
else of the user admin opens to them.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import FieldDoesNotExist

User = get_user_model()
# The apps whose models' user fields may be filled in through the autocomplete.
PICKING_APPS = {"games"}
# What those who may only pick an account search by.
PICKER_SEARCH_FIELDS = ("username", "first_name", "last_name")


def picks_a_user(request, site) -> bool:
    """Whether this request is the admin's autocomplete asking for a user field (in
    ``autocomplete_fields``) of a league model the requester may add or change."""
    match = request.resolver_match
    if match is None or match.view_name != f"{site.name}:autocomplete":
        return False
    app_label = request.GET.get("app_label", "")
    if app_label not in PICKING_APPS:
        return False
    try:
        model = apps.get_model(app_label, request.GET.get("model_name", ""))
        field = model._meta.get_field(request.GET.get("field_name", ""))
    except (LookupError, ValueError, FieldDoesNotExist):
        return False
    if getattr(field.remote_field, "model", None) is not User or not site.is_registered(model):
        return False
    model_admin = site.get_model_admin(model)
    if field.name not in model_admin.get_autocomplete_fields(request):
        return False
    return model_admin.has_change_permission(request) or model_admin.has_add_permission(request)


class AutocompleteLabels:
    """For a ModelAdmin or inline with ``autocomplete_fields``: each box named by its field's
    label (select2 names it only by its value: an empty box has no name)."""

    class Media:
        js = ["js/admin-autocomplete-labels.js"]


if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class LeagueUserAdmin(UserAdmin):
    def has_view_permission(self, request, obj=None):
        if super().has_view_permission(request, obj):
            return True
        return obj is None and picks_a_user(request, self.admin_site)

    def get_search_fields(self, request):
        if super().has_view_permission(request):
            return super().get_search_fields(request)
        return PICKER_SEARCH_FIELDS
