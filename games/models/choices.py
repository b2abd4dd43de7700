"""The fixed vocabularies of a finished game, with the rule text users see."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import rules


class Outcome(models.TextChoices):
    CLOSED = rules.CLOSED, _("Closed the gates")
    SEALED = rules.SEALED, _("Sealed the gates")
    BANISHED = rules.BANISHED, _("Banished the Ancient One")
    DEFEAT = rules.DEFEAT, pgettext_lazy("outcome", "Defeat")


# An outcome inside a sentence ("..., sealed the gates, with a score of 12"): a message of
# its own, since lower-casing the label breaks a language's nouns (German "Tore").
OUTCOME_IN_SENTENCE = {
    rules.CLOSED: pgettext_lazy("outcome, mid-sentence", "closed the gates"),
    rules.SEALED: pgettext_lazy("outcome, mid-sentence", "sealed the gates"),
    rules.BANISHED: pgettext_lazy("outcome, mid-sentence", "banished the Ancient One"),
    rules.DEFEAT: pgettext_lazy("outcome, mid-sentence", "defeat"),
}

OUTCOME_HELP = {
    rules.CLOSED: _(
        "An investigator closed the last open gate, and the team held at least one "
        "unspent gate trophy per investigator in play."
    ),
    rules.SEALED: _("Six or more elder sign tokens were on the board."),
    rules.BANISHED: _(
        "The Ancient One awoke and the investigators defeated it in the final "
        "battle (never Azathoth)."
    ),
    rules.DEFEAT: _("The investigators lost. Recorded with its cause and no score."),
}


class DefeatCause(models.TextChoices):
    DEVOURED = rules.DEVOURED, _("Devoured: the Ancient One won the final battle")
    AZATHOTH = rules.AZATHOTH_AWAKENED, _("Azathoth awoke")
    ACT_III = rules.ACT_III, _("Act III entered play")
    ANCIENT_ONE_SPECIAL = rules.ANCIENT_ONE_SPECIAL, _("The Ancient One's own defeat rule")
    OTHER = rules.OTHER, _("Another loss (say which in the notes)")


class Status(models.TextChoices):
    # A game's state: words agreeing with "game" (feminine in French, Spanish, Polish).
    PENDING = "pending", pgettext_lazy("game status", "Pending")
    APPROVED = "approved", pgettext_lazy("game status", "Approved")
    REJECTED = "rejected", pgettext_lazy("game status", "Rejected")


__all__ = ["OUTCOME_HELP", "OUTCOME_IN_SENTENCE", "DefeatCause", "Outcome", "Status"]


# The scope of a summary row that counts the approved games of every public league (a
# season's rows carry its id, a league's all time -league.pk): here, where the player model
# can read it too.
ALL_LEAGUES = 0
