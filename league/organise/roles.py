"""Who belongs to a league and in which role (moderators, organisers), and who may organise.
Every change runs in one transaction; refusals are ``RoleRefused`` with a sentence for the
page. A league never loses its last organiser: a removal or leaving locks the league's row,
so two organisers removing each other at once cannot leave it without one."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.models import LEAGUES_PER_MEMBER, JoinRequest, League, MemberRole, Membership, role_in

# Site staff who organise every league (granted through the "Organisers" group).
ORGANISE_PERMISSION = "league.organise_league"

# The most members a role's list shows (a league has a handful; the page stays bounded).
MOST_LISTED = 200


@dataclass(frozen=True)
class Role:
    """A role: its address, its stored ``MemberRole``, and what pages say of it -- whole
    sentences, since each language words "is now a moderator" its own way."""

    slug: str
    role: str  # a MemberRole value: stored, never translated
    group: str  # the site staff's auth group of the same name (every league's)
    title: str  # its members, as a heading says them ("Moderators")
    noun: str  # one member of the role ("a moderator")
    granted: str  # "%(user)s is now a moderator."
    already: str
    not_held: str
    revoked: str

    def members(self, league):
        holders = get_user_model().objects.filter(
            memberships__league=league, memberships__role=self.role
        )
        return holders.order_by("username")[:MOST_LISTED]


MODERATORS = Role(
    "moderators",
    MemberRole.MODERATOR,
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
    MemberRole.ORGANISER,
    "Organisers",
    title=_("Organisers"),
    noun=_("an organiser"),
    granted=_("%(user)s is now an organiser."),
    already=_("%(user)s is already an organiser."),
    not_held=_("%(user)s is not an organiser."),
    revoked=_("%(user)s is no longer an organiser."),
)
ROLES = {role.slug: role for role in (MODERATORS, ORGANISERS)}


class RoleRefused(Exception):  # why a change was not made: a sentence for the page
    pass


def can_organise(user, league) -> bool:
    if not user.is_authenticated:
        return False
    return user.has_perm(ORGANISE_PERMISSION) or role_in(user, league) == MemberRole.ORGANISER


def active_account(username: str):
    field = get_user_model().USERNAME_FIELD
    user = get_user_model().objects.filter(**{field: username}, is_active=True).first()
    if user is None:
        refusal = gettext("No active account is named “%(name)s”.")
        raise RoleRefused(refusal % {"name": username})
    return user


def guard_last_organiser(league: League, user) -> Membership | None:
    """Lock ``league`` and ``user``'s membership of it (returned, or None); refuse when
    they are its last organiser. Call it inside a transaction."""
    League.objects.select_for_update().filter(pk=league.pk).first()
    membership = Membership.objects.select_for_update().filter(league=league, user=user).first()
    if membership is not None and membership.role == MemberRole.ORGANISER:
        organisers = Membership.objects.filter(league=league, role=MemberRole.ORGANISER)
        if organisers.count() <= 1:
            raise RoleRefused(
                gettext("%(user)s is the last organiser: name another one first.")
                % {"user": user.get_username()}
            )
    return membership


def role_grant(role: Role, username: str, league: League):
    """Making them a member if they were not; an organiser is made a moderator only after
    leaving the organisers (the last one never)."""
    with transaction.atomic():
        user = active_account(username)
        membership, _ = Membership.objects.select_for_update().get_or_create(
            league=league, user=user
        )
        if membership.role == role.role:
            raise RoleRefused(role.already % {"user": user.get_username()})
        if membership.role == MemberRole.ORGANISER:
            raise RoleRefused(
                gettext("%(user)s is an organiser: remove them from the organisers first.")
                % {"user": user.get_username()}
            )
        membership.role = role.role
        membership.save(update_fields=["role"])
    return user


def role_revoke(role: Role, user, league: League) -> None:
    # They stay a member.
    with transaction.atomic():
        membership = guard_last_organiser(league, user)
        if membership is None or membership.role != role.role:
            raise RoleRefused(role.not_held % {"user": user.get_username()})
        membership.role = MemberRole.MEMBER
        membership.save(update_fields=["role"])


def members_of(league: League):
    rank = Case(
        When(role=MemberRole.ORGANISER, then=0),
        When(role=MemberRole.MODERATOR, then=1),
        default=2,
    )
    memberships = Membership.objects.filter(league=league).select_related("user")
    return memberships.order_by(rank, "user__username")[:MOST_LISTED]


def join_requests_of(league: League):
    return (
        JoinRequest.objects.filter(league=league)
        .select_related("user")
        .order_by("created_at", "pk")[:MOST_LISTED]
    )


def league_join(user, league: League) -> bool:
    """True: joined a public league; False: asked to join an invitation-only one."""
    with transaction.atomic():
        if Membership.objects.filter(league=league, user=user).exists():
            raise RoleRefused(gettext("You are already a member of this league."))
        if league.is_public:
            Membership.objects.get_or_create(league=league, user=user)
            JoinRequest.objects.filter(league=league, user=user).delete()
            return True
        _, asked = JoinRequest.objects.get_or_create(league=league, user=user)
        if not asked:
            raise RoleRefused(gettext("You have already asked to join: an organiser answers."))
        return False


def league_leave(user, league: League) -> None:
    # Their games stay in the league; its last organiser never leaves.
    with transaction.atomic():
        membership = guard_last_organiser(league, user)
        if membership is None:
            raise RoleRefused(gettext("You are not a member of this league."))
        membership.delete()


def member_invite(username: str, league: League):
    with transaction.atomic():
        user = active_account(username)
        _, added = Membership.objects.get_or_create(league=league, user=user)
        if not added:
            raise RoleRefused(
                gettext("%(user)s is already a member.") % {"user": user.get_username()}
            )
        JoinRequest.objects.filter(league=league, user=user).delete()
    return user


def join_request_answer(pk: int, league: League, *, approve: bool):
    """The account that asked, or None when the request is no longer there."""
    with transaction.atomic():
        asked = (
            JoinRequest.objects.select_for_update()
            .select_related("user")
            .filter(pk=pk, league=league)
            .first()
        )
        if asked is None:
            return None
        if approve:
            Membership.objects.get_or_create(league=league, user=asked.user)
        asked.delete()
    return asked.user


def league_create(user, league: League) -> League:
    """Save the new ``league`` with ``user`` as its organiser; the bound per account is
    counted under a lock on the account's row, so two forms at once cannot both pass."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if League.objects.filter(created_by=user).count() >= LEAGUES_PER_MEMBER:
            raise RoleRefused(
                gettext(
                    "You have created %(most)d leagues already, the most one account may: "
                    "ask an administrator for another."
                )
                % {"most": LEAGUES_PER_MEMBER}
            )
        league.created_by = user
        league.save()
        Membership.objects.create(league=league, user=user, role=MemberRole.ORGANISER)
    return league
