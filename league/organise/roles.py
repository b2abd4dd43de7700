"""Moderators and organisers: membership of the two groups that grant the site's roles.

An organiser names and removes both, for existing accounts only. The "Organisers" group
never loses its last member: the removal locks the group's row, so two organisers
removing each other at once cannot leave the league without one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# The most members a role's list shows (a league has a handful; the page stays bounded).
MOST_LISTED = 200


@dataclass(frozen=True)
class Role:
    """A role: its address, its group's stored name, and what pages say of it -- whole
    sentences, since each language words "is now a moderator" its own way."""

    slug: str
    group: str  # the auth group's name: stored, never translated
    title: str  # its members, as a heading says them ("Moderators")
    noun: str  # one member of the role ("a moderator")
    granted: str  # "%(user)s is now a moderator."
    already: str
    not_held: str
    revoked: str

    def members(self):
        return (
            get_user_model()
            .objects.filter(groups__name=self.group)
            .order_by("username")[:MOST_LISTED]
        )


MODERATORS = Role(
    "moderators",
    "Moderators",
    title=_("Moderators"),
    noun=_("a moderator"),
    granted=_("%(user)s is now a moderator."),
    already=_("%(user)s is already a moderator."),
    not_held=_("%(user)s is not a moderator."),
    revoked=_("%(user)s is no longer a moderator."),
)
ORGANISERS = Role(
    "organisers",
    "Organisers",
    title=_("Organisers"),
    noun=_("an organiser"),
    granted=_("%(user)s is now an organiser."),
    already=_("%(user)s is already an organiser."),
    not_held=_("%(user)s is not an organiser."),
    revoked=_("%(user)s is no longer an organiser."),
)
ROLES = {role.slug: role for role in (MODERATORS, ORGANISERS)}


class RoleRefused(Exception):
    """Why a grant or a removal was not made (a sentence for the page)."""


def role_grant(role: Role, username: str):
    """Add the active account named ``username`` to ``role``; returns it."""
    with transaction.atomic():
        group, _ = Group.objects.get_or_create(name=role.group)
        field = get_user_model().USERNAME_FIELD
        user = get_user_model().objects.filter(**{field: username}, is_active=True).first()
        if user is None:
            refusal = gettext("No active account is named “%(name)s”.")
            raise RoleRefused(refusal % {"name": username})
        if user.groups.filter(pk=group.pk).exists():
            raise RoleRefused(role.already % {"user": user.get_username()})
        user.groups.add(group)
    return user


def role_revoke(role: Role, user) -> None:
    """Take ``user`` out of ``role``; the organisers always keep at least one."""
    with transaction.atomic():
        group = Group.objects.select_for_update().filter(name=role.group).first()
        if group is None or not user.groups.filter(pk=group.pk).exists():
            raise RoleRefused(role.not_held % {"user": user.get_username()})
        if role is ORGANISERS and group.user_set.count() <= 1:
            raise RoleRefused(
                gettext("%(user)s is the last organiser: name another one first.")
                % {"user": user.get_username()}
            )
        user.groups.remove(group)
