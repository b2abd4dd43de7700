"""Who may do what with a submitted game: one place for the moderation policy.

A league's moderators and organisers (``league.models.Membership`` roles) moderate that
league's games only; site staff with the global permissions (the "Moderators" group, or a
superuser) everywhere. ``is_staff`` only opens the admin's door and grants nothing here.
"""

from __future__ import annotations

from django.conf import settings

from games.models import Session, Status
from games.models.game_lists import MODERATE_PERMISSION
from league.models import MODERATING_ROLES, role_in

CHANGE_PERMISSION = "games.change_session"
DELETE_PERMISSION = "games.delete_session"
VIEW_PERMISSION = "games.view_session"


def moderates_everywhere(user) -> bool:
    """Site staff: approve and reject games of every league (and decide player claims,
    which concern one person across all leagues)."""
    return user.has_perm(MODERATE_PERMISSION)


def can_moderate(user, league) -> bool:
    """Approve and reject the games of ``league`` (a League or its pk)."""
    return moderates_everywhere(user) or role_in(user, league) in MODERATING_ROLES


def can_read_history(user, league) -> bool:
    """The history page of any game of ``league`` (who changed what)."""
    return user.has_perm(VIEW_PERMISSION) or can_moderate(user, league)


def _league_staff_or_own_pending(session: Session, user, permission: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.has_perm(permission) or can_moderate(user, session.league_id):
        return True
    return session.submitted_by_id == user.pk and session.status == Status.PENDING


def session_editable_by(session: Session, user) -> bool:
    """Those who may change games (its league's moderators) edit any at any time; a
    submitter edits their own while it is pending."""
    return _league_staff_or_own_pending(session, user, CHANGE_PERMISSION)


def session_withdrawable_by(session: Session, user) -> bool:
    """Those who may delete games (its league's moderators) withdraw any; a submitter
    their own while pending."""
    return _league_staff_or_own_pending(session, user, DELETE_PERMISSION)


def initial_status(user, league) -> str:
    """New results wait for a moderator unless the site auto-approves or one of the
    league's moderators submits them."""
    if settings.LEAGUE_AUTO_APPROVE or can_moderate(user, league):
        return Status.APPROVED
    return Status.PENDING


def entry_choosable_by(session: Session, user) -> bool:
    """The team's captain, the game's submitter, or those allowed to change its games."""
    if not user.is_authenticated:
        return False
    if user.has_perm(CHANGE_PERMISSION) or can_moderate(user, session.league_id):
        return True
    if session.team_id and session.team.captain_id == user.pk:
        return True
    return session.submitted_by_id == user.pk
