"""The fixed vocabularies of a finished game, with the rule text users see."""

from django.db import models

from games import rules


class Outcome(models.TextChoices):
    CLOSED = rules.CLOSED, "Closed the gates"
    SEALED = rules.SEALED, "Sealed the gates"
    BANISHED = rules.BANISHED, "Banished the Ancient One"
    DEFEAT = rules.DEFEAT, "Defeat"


OUTCOME_HELP = {
    rules.CLOSED: "An investigator closed the last open gate, and the team held at least one "
    "unspent gate trophy per investigator in play.",
    rules.SEALED: "Six or more elder sign tokens were on the board.",
    rules.BANISHED: "The Ancient One awoke and the investigators defeated it in the final "
    "battle (never Azathoth).",
    rules.DEFEAT: "The investigators lost. Recorded with its cause and no score.",
}


class DefeatCause(models.TextChoices):
    DEVOURED = rules.DEVOURED, "Devoured: the Ancient One won the final battle"
    AZATHOTH = rules.AZATHOTH_AWAKENED, "Azathoth awoke"
    ACT_III = rules.ACT_III, "Act III entered play"
    ANCIENT_ONE_SPECIAL = rules.ANCIENT_ONE_SPECIAL, "The Ancient One's own defeat rule"
    OTHER = rules.OTHER, "Another loss (say which in the notes)"


class Status(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


__all__ = ["OUTCOME_HELP", "DefeatCause", "Outcome", "Status"]


# The scope of a summary row that counts every approved game, whatever the season
# (a season's rows carry its id): here, where the player model can read it too.
ALL_TIME = 0
