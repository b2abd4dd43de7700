"""Who may do what with a submitted game: one place for the moderation policy."""

from __future__ import annotations

from django.conf import settings

from games.models import Session, Status


def session_editable_by(session: Session, user) -> bool:
    """Staff edit any game at any time; a submitter edits their own while it is pending."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return session.submitted_by_id == user.pk and session.status == Status.PENDING


def session_withdrawable_by(session: Session, user) -> bool:
    """Withdrawing (deleting) follows the editing rule."""
    return session_editable_by(session, user)


def initial_status(user) -> str:
    """New results wait for staff unless the league auto-approves or staff submit them."""
    if settings.LEAGUE_AUTO_APPROVE or user.is_staff:
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
