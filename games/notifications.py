"""E-mails to a game's submitter when the league staff approve or reject it, and about claims.

Called inside the writing transaction; sent on commit, so a rolled-back change never mails
anyone. A game's e-mail links to its page at ``LEAGUE_SITE_URL`` (the deploy check
``games.W001`` warns while it is empty).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from games.models import Profile, Session, Status

logger = logging.getLogger(__name__)

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
        "site_url": settings.LEAGUE_SITE_URL.rstrip("/"),  # "": no link to the game
    }
    failure = ("Could not e-mail the submitter of game %s.", session.pk)
    _mail_on_commit("games/email/status.txt", context, user.email, failure)


def claim_filed(claim) -> None:
    """Tell the claimed player's account (if any) that someone says they are that player:
    they may refuse it on their "My games" page."""
    owner = claim.player.user
    if owner is not None and owner.email:
        _mail_on_commit("games/email/claim_filed.txt", {"claim": claim, "user": owner}, owner.email)


def claim_decided(claim, *, approved: bool) -> None:
    """Tell the claimant whether they now play as the player they claimed."""
    if claim.user.email:
        context = {"claim": claim, "user": claim.user, "approved": approved}
        _mail_on_commit("games/email/claim_decided.txt", context, claim.user.email)


def _mail_on_commit(template: str, context: dict, recipient: str, failure=None) -> None:
    """Send once committed a notice whose template's first line is its subject, in the
    language the reader chose on the site, else the site's (never that of whoever made the
    change; the game's address too). The change it reports is committed by then: a failure
    is only logged (``failure``: the log's message and values, never the address), the
    staff member's page still says the decision was saved."""
    with translation.override(Profile.language_of(context["user"]) or settings.LANGUAGE_CODE):
        subject, _, body = render_to_string(template, context).partition("\n")
    failure = failure or ("Could not send the notice %s.", template)

    def send() -> None:
        try:
            send_mail(subject.strip(), body.lstrip(), settings.DEFAULT_FROM_EMAIL, [recipient])
        except Exception:
            logger.exception(*failure)

    # Robust: another after-commit callback failing (a cache bump, say) must not stop this one.
    transaction.on_commit(send, robust=True)
