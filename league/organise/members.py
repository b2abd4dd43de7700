"""Who belongs to a league. Every change runs in one transaction; refusals are
``RoleRefused`` with a sentence for the page."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, When
from django.utils.translation import gettext

from league.models import LEAGUES_PER_MEMBER, JoinRequest, League, MemberRole, Membership
from league.organise.roles import MOST_LISTED, RoleRefused, active_account, guard_last_organiser


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
