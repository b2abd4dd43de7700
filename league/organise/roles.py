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

# The most members a role's list shows (a league has a handful; the page stays bounded).
MOST_LISTED = 200


@dataclass(frozen=True)
class Role:
    slug: str
    group: str
    noun: str  # one member of the role, as sentences say it ("a moderator")

    def members(self):
        return (
            get_user_model()
            .objects.filter(groups__name=self.group)
            .order_by("username")[:MOST_LISTED]
        )


MODERATORS = Role("moderators", "Moderators", "a moderator")
ORGANISERS = Role("organisers", "Organisers", "an organiser")
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
            raise RoleRefused(f"No active account is named “{username}”.")
        if user.groups.filter(pk=group.pk).exists():
            raise RoleRefused(f"{user.get_username()} is already {role.noun}.")
        user.groups.add(group)
    return user


def role_revoke(role: Role, user) -> None:
    """Take ``user`` out of ``role``; the organisers always keep at least one."""
    with transaction.atomic():
        group = Group.objects.select_for_update().filter(name=role.group).first()
        if group is None or not user.groups.filter(pk=group.pk).exists():
            raise RoleRefused(f"{user.get_username()} is not {role.noun}.")
        if role is ORGANISERS and group.user_set.count() <= 1:
            raise RoleRefused(
                f"{user.get_username()} is the last organiser: name another one first."
            )
        user.groups.remove(group)
