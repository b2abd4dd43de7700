"""One investigator slot at a finished game's table."""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from games import rules, validation
from games.rule_messages import translated_errors
from games.signals import game_write

from .catalog import Investigator
from .players import Player
from .sessions import Session

SAME_INVESTIGATOR = _("The same investigator cannot play twice in one game.")
ONE_LOAN_EACH = _("Each investigator holds at most one Bank Loan.")


class Seat(models.Model):
    """One investigator slot at the table, and how it ended the game."""

    # What a submitter types in for a seat besides the player (result form and admin).
    RESULT_FIELDS = (
        "investigator",
        "ended",
        "replaced",
        "gate_trophies",
        "monster_trophies",
        "unpaid_loans",
    )

    class Ended(models.TextChoices):
        SANE = rules.ENDED_SANE, _("Sane and surviving")
        DEVOURED = rules.ENDED_DEVOURED, pgettext_lazy("seat ended", "Devoured")
        RETIRED = rules.ENDED_RETIRED, pgettext_lazy("seat ended", "Retired")
        LOST = rules.ENDED_LOST, _("Lost in time and space")

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    investigator = models.ForeignKey(
        Investigator,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("investigator"),
        help_text=_("The investigator who ended the game in this seat."),
    )
    ended = models.CharField(
        _("how the seat ended"), max_length=10, choices=Ended.choices, default=Ended.SANE
    )
    replaced = models.PositiveSmallIntegerField(
        _("investigators lost and replaced"),
        default=0,
        help_text=_("Earlier investigators this seat lost (devoured, retired) and replaced."),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    gate_trophies = models.PositiveSmallIntegerField(
        _("unspent gate trophies"),
        default=0,
        help_text=_("Held at the end, not spent."),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    monster_trophies = models.PositiveSmallIntegerField(
        _("unspent monster trophies"),
        default=0,
        help_text=_("Held at the end, not spent."),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    unpaid_loans = models.PositiveSmallIntegerField(
        _("unpaid loans"),
        default=0,
        help_text=_("Bank Loans unpaid or defaulted at the end: at most one per investigator."),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    first_citizen = models.BooleanField(_("first citizen"), default=False, editable=False)
    players_first_seat = models.BooleanField(
        _("player's first seat"),
        default=True,
        editable=False,
        help_text=_(
            "The first of this player's seats at the game: per-player totals count each game "
            "once through it."
        ),
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["session", "position", "pk"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "investigator"],
                name="seat_investigator_once_per_game",
                violation_error_message=SAME_INVESTIGATOR,
            ),
            models.CheckConstraint(
                condition=Q(unpaid_loans__lte=models.F("replaced") + 1),
                name="seat_one_loan_per_investigator",
                violation_error_message=ONE_LOAN_EACH,
            ),
        ]
        indexes = [
            models.Index(fields=["player", "first_citizen"], name="seat_player_idx"),
            models.Index(
                fields=["player", "players_first_seat", "session"], name="seat_player_game_idx"
            ),
        ]

    def __str__(self) -> str:
        if not self.investigator_id:
            return gettext("Seat")
        return gettext("%(player)s as %(investigator)s") % {
            "player": self.player,
            "investigator": self.investigator.name,
        }

    def as_result(self, outcome: str) -> rules.SeatResult:
        """The seat as the rules read it, at a game that ended in ``outcome`` (which
        decides whether lost in time and space survives: ``rules.survives``)."""
        return rules.SeatResult(
            player=str(self.player_id),
            sane_and_surviving=rules.survives(ended=self.ended, outcome=outcome),
            replaced=self.replaced,
            gate_trophies=self.gate_trophies,
            monster_trophies=self.monster_trophies,
            unpaid_loans=self.unpaid_loans,
        )

    def clean(self) -> None:
        """The loans its investigators could hold; how the seat ended, judged against its
        game's outcome when it has its game (the admin's seat rows carry the game being
        edited; the result form checks its rows)."""
        errors = validation.loan_errors(unpaid_loans=self.unpaid_loans, replaced=self.replaced)
        known = self.session_id is not None or self._meta.get_field("session").is_cached(self)
        if known and self.session is not None:
            game = validation.GameResult(self.session.outcome)
            errors = validation.merged(errors, validation.seat_errors(game, self.ended))
        if errors:
            raise ValidationError(translated_errors(errors))

    def validate_constraints(self, exclude=None) -> None:
        """The unique constraint only: the loan check's condition is stated in ``clean()``
        and the database refuses a row that breaks it; excluding its field spares the query
        Django would make for it, one per seat of every result submitted."""
        super().validate_constraints(exclude={*(exclude or ()), "unpaid_loans"})

    def save(self, *args, rescore: bool = True, **kwargs) -> None:
        """Save the seat; unless told otherwise, rescore its game in the same transaction."""
        with game_write([self.session_id]):
            self.full_clean(exclude=["session"] if not self.session_id else None)
            super().save(*args, **kwargs)
            if rescore:
                self.session.rescore()

    def delete(self, *args, rescore: bool = True, **kwargs):
        with game_write([self.session_id]):
            result = super().delete(*args, **kwargs)
            if rescore:
                self.session.rescore()
            return result
