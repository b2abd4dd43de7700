"""E-mails to a game's submitter when the league staff approve or reject it.

Called from the write path (``games.recording``) inside its transaction; the message is
sent on commit, so a rolled-back change never mails anyone.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string

from games.models import Session, Status

# Only these changes are news to a submitter; "back to pending" is staff housekeeping.
NOTIFIED = (Status.APPROVED, Status.REJECTED)


def status_changed(session: Session) -> None:
    """Queue the approval or rejection e-mail to the submitter (if they gave an address)."""
    user = session.submitted_by
    if session.status not in NOTIFIED or user is None or not user.email:
        return
    context = {
        "game": session,
        "user": user,
        "approved": session.status == Status.APPROVED,
        "site_url": settings.LEAGUE_SITE_URL,
    }
    subject = render_to_string("games/email/status_subject.txt", context).strip()
    body = render_to_string("games/email/status_body.txt", context)
    recipient = user.email
    transaction.on_commit(
        lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [recipient])
    )
