"""Who may do what with a submitted game: one place for the moderation policy.

Everything is a model permission, granted through the "Moderators" group (a migration
creates it): ``is_staff`` only opens the admin's door and grants nothing here.
"""

from __future__ import annotations

from django.conf import settings

from games.models import Session, Status
from games.models.game_lists import MODERATE_PERMISSION

CHANGE_PERMISSION = "games.change_session"
DELETE_PERMISSION = "games.delete_session"
VIEW_PERMISSION = "games.view_session"


def can_moderate(user) -> bool:
    """Approve and reject games."""
    return user.has_perm(MODERATE_PERMISSION)


def can_read_history(user) -> bool:
    """The history page of any game (who changed what)."""
    return user.has_perm(VIEW_PERMISSION) or can_moderate(user)


def _own_pending(session: Session, user) -> bool:
    return session.submitted_by_id == user.pk and session.status == Status.PENDING


def session_editable_by(session: Session, user) -> bool:
    """Those who may change games edit any at any time; a submitter edits their own while
    it is pending."""
    if not user.is_authenticated:
        return False
    return user.has_perm(CHANGE_PERMISSION) or _own_pending(session, user)


def session_withdrawable_by(session: Session, user) -> bool:
    """Those who may delete games withdraw any; a submitter their own while pending."""
    if not user.is_authenticated:
        return False
    return user.has_perm(DELETE_PERMISSION) or _own_pending(session, user)


def initial_status(user) -> str:
    """New results wait for a moderator unless the league auto-approves or a moderator
    submits them."""
    if settings.LEAGUE_AUTO_APPROVE or can_moderate(user):
        return Status.APPROVED
    return Status.PENDING


def entry_choosable_by(session: Session, user) -> bool:
    """The team's captain, the game's submitter, or staff allowed to change games."""
    if not user.is_authenticated:
        return False
    if user.has_perm("games.change_session"):
        return True
    if session.team_id and session.team.captain_id == user.pk:
        return True
    return session.submitted_by_id == user.pk
