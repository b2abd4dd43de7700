"""A finished game (Session): what was played, how it ended, who submitted it.

Its totals and score are stored on the row (``derived``); whether a result breaks a rule
is ``games.validation``'s to say.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from games import rules, validation
from games.rule_messages import translated_errors
from games.signals import game_write
from league.scopes import league_scoped

from .addresses import address
from .catalog import AncientOne, Box, Guardian, Herald
from .choices import OUTCOME_IN_SENTENCE, DefeatCause, Outcome, Status
from .derived import DerivedFromSeats
from .game_lists import SessionQuerySet
from .owned import LeagueOwned
from .scenario_play import ScenarioPlay

# Long enough for a story of the game; bounded so one post cannot fill pages and disks.
NOTES_MAX_LENGTH = 2000


def notes_too_long() -> str:
    return gettext("Notes hold at most %(count)s characters.") % {"count": NOTES_MAX_LENGTH}


# The rows the leaderboard lists: its indexes are partial on them, so they stay small.
BOARD = Q(status=Status.APPROVED, score__isnull=False)


class Session(LeagueOwned, DerivedFromSeats, ScenarioPlay):
    """One finished game of Arkham Horror."""

    ancient_one = models.ForeignKey(
        AncientOne, on_delete=models.PROTECT, related_name="sessions", verbose_name=_("ancient one")
    )
    played_on = models.DateField(_("date played"), help_text=_("The day the game ended."))
    boxes = models.ManyToManyField(
        Box, related_name="sessions", verbose_name=_("boxes in play"), blank=True
    )
    herald = models.ForeignKey(
        Herald,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="sessions",
        verbose_name=_("herald"),
    )
    guardian = models.ForeignKey(
        Guardian,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="sessions",
        verbose_name=_("guardian"),
    )
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices)
    defeat_cause = models.CharField(
        _("defeat cause"),
        max_length=24,
        choices=DefeatCause.choices,
        blank=True,
        help_text=_("Only for a defeat."),
    )
    terror_level = models.PositiveSmallIntegerField(
        _("terror level"), help_text=_("The terror level at the end of the game, 0 to 10.")
    )
    elder_signs_played = models.PositiveSmallIntegerField(
        _("elder signs played"),
        default=0,
        help_text=_(
            "Elder Sign unique item cards used during the game. Not the elder sign tokens on "
            "the board, and not gates sealed with clue tokens."
        ),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    elder_sign_tokens = models.PositiveSmallIntegerField(
        _("elder sign tokens on the board"),
        default=0,
        help_text=_("Elder sign tokens on the board at the end; six or more seal the gates."),
        validators=[MaxValueValidator(rules.MAX_COUNT)],
    )
    location = models.CharField(_("location"), max_length=120, blank=True)
    notes = models.TextField(_("notes"), blank=True, max_length=NOTES_MAX_LENGTH)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="submitted_sessions",
        verbose_name=_("submitted by"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    rejection_reason = models.TextField(
        _("rejection reason"),
        blank=True,
        help_text=_(
            "Why the league staff rejected the game: shown to its submitter and e-mailed to them."
        ),
    )
    # Not auto_now_add: the demo league and imports give games their real submission time.
    created_at = models.DateTimeField(_("submitted at"), default=timezone.now, editable=False)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    # Bumped by every write: a moderator's decision or an edit names the version it saw,
    # and is refused if the game changed since.
    version = models.PositiveIntegerField(_("version"), default=1, editable=False)
    # Made by the phone that recorded the game (static/js/offline-queue.js): a replayed,
    # retried or double-tapped post of the same game is stored once (SessionSubmission).
    client_id = models.UUIDField(
        null=True,
        blank=True,
        unique=True,
        editable=False,
        error_messages={"unique": _("This game was already sent from another account.")},
    )

    # Derived from the seats by rescore(); never typed in.
    investigator_count = models.PositiveSmallIntegerField(_("investigators"), default=0)
    survivors = models.PositiveSmallIntegerField(_("survivors"), default=0)
    gate_trophies = models.PositiveSmallIntegerField(_("gate trophies"), default=0)
    monster_trophies = models.PositiveSmallIntegerField(_("monster trophies"), default=0)
    unpaid_loans = models.PositiveSmallIntegerField(_("unpaid loans"), default=0)
    score = models.SmallIntegerField(_("score"), null=True, blank=True, editable=False)

    history = HistoricalRecords(m2m_fields=[boxes])
    objects = league_scoped(SessionQuerySet)

    class Meta:
        # "Session" is the code's word; the site, the admin and the README say "game".
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-played_on", "-pk"]
        permissions = [("moderate_session", _("Can approve or reject games"))]
        # A league's pages read its own games: the league leads every index they use, so
        # a league costs the same on a site of one league as on a site of a hundred.
        indexes = [
            models.Index(
                fields=["league", "status", "score", "played_on"], name="session_board_idx"
            ),
            models.Index(
                fields=["league", "status", "ancient_one", "score"], name="session_ao_idx"
            ),
            models.Index(fields=["league", "status", "played_on"], name="session_date_idx"),
            models.Index(fields=["submitted_by", "status"], name="session_submitter_idx"),
            models.Index(fields=["team", "status", "played_on"], name="session_team_idx"),
            # The moderators' queue, oldest first, and the nav's count of it: only the few
            # pending rows are indexed.
            models.Index(
                fields=["league", "created_at", "id"],
                name="session_pending_idx",
                condition=Q(status=Status.PENDING),
            ),
            models.Index(
                fields=["scenario", "is_entry", "status", "scenario_score"],
                name="session_entry_idx",
            ),
            # The leaderboard's sorts, one index scan each on any page (league.queries.games).
            *(
                models.Index(fields=fields, name=name, condition=BOARD)
                for name, fields in [
                    ("board_score_idx", ["league", "-score", "played_on", "id"]),
                    ("board_played_idx", ["league", "-played_on", "-id"]),
                    (
                        "board_count_idx",
                        ["league", "investigator_count", "-score", "played_on", "id"],
                    ),
                    (
                        "board_ancient_one_idx",
                        ["league", "ancient_one", "-score", "played_on", "id"],
                    ),
                ]
            ),
            # "Compare your score" among team games: an index-only count, no table reads.
            models.Index(
                fields=["ancient_one", "score", "played_on", "id"],
                name="board_team_games_idx",
                condition=BOARD & Q(team__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(terror_level__lte=rules.MAX_TERROR), name="session_terror_0_10"
            ),
            models.CheckConstraint(
                condition=Q(investigator_count__lte=rules.MAX_INVESTIGATORS),
                name="session_at_most_8_investigators",
            ),
            models.CheckConstraint(
                condition=Q(survivors__lte=models.F("investigator_count")),
                name="session_survivors_in_play",
            ),
            models.CheckConstraint(
                condition=Q(outcome__in=rules.OUTCOMES), name="session_outcome_known"
            ),
            models.CheckConstraint(
                condition=(Q(outcome=rules.DEFEAT) & ~Q(defeat_cause="") & Q(score__isnull=True))
                | (~Q(outcome=rules.DEFEAT) & Q(defeat_cause="") & Q(score__isnull=False)),
                name="session_defeat_has_cause_and_no_score",
            ),
            models.CheckConstraint(
                condition=~Q(outcome=rules.SEALED)
                | Q(elder_sign_tokens__gte=rules.SEALED_MIN_TOKENS),
                name="session_sealed_needs_6_tokens",
            ),
            models.CheckConstraint(
                condition=~Q(outcome=rules.CLOSED)
                | Q(gate_trophies__gte=models.F("investigator_count")),
                name="session_closed_needs_gate_trophies",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("notes"), NOTES_MAX_LENGTH),
                name="session_notes_bounded",
                violation_error_message=lazy(notes_too_long, str)(),
            ),
            models.CheckConstraint(
                condition=Q(scenario__isnull=False)
                | Q(scenario_score__isnull=True, is_entry=False, entry_chosen=False),
                name="session_scenario_score_needs_scenario",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(ancient_one)s on %(date)s: %(outcome)s") % {
            "ancient_one": self.ancient_one,
            "date": date_format(self.played_on),
            "outcome": self.get_outcome_display(),
        }

    def get_absolute_url(self) -> str:
        return address("games:detail", league_id=self.league_id, pk=self.pk)

    @property
    def outcome_in_sentence(self) -> str:
        """The outcome as the middle of a sentence says it ("sealed the gates")."""
        return OUTCOME_IN_SENTENCE.get(self.outcome, "")

    @property
    def outcome_label(self) -> str:
        """``get_outcome_display()`` as the enum holds it: that method walks every choice
        on each call, an eighth of a results table's render."""
        return Outcome(self.outcome).label

    @property
    def is_victory(self) -> bool:
        return self.outcome in rules.VICTORIES

    @property
    def players_at_table(self) -> list:
        """Each player once, in the order of their first seat: a player may hold several
        seats (one investigator each), yet plays the game once. Reads prefetched seats."""
        return list({seat.player_id: seat.player for seat in self.seats.all()}.values())

    # -- validation: ``games.validation`` judges the row's values ----------------------------

    def as_game_result(self) -> validation.GameResult:
        return validation.GameResult(
            outcome=self.outcome,
            defeat_cause=self.defeat_cause,
            ancient_one=self.ancient_one.name if self.ancient_one_id else "",
            played_on=self.played_on,
            terror_level=self.terror_level,
            elder_sign_tokens=self.elder_sign_tokens or 0,
        )

    def box_errors(self, box_names: Iterable[str]) -> validation.Errors:
        """Broken rules that depend on the boxes in play (Act III)."""
        return translated_errors(validation.box_errors(self.as_game_result(), box_names))

    def table_errors(self, totals: rules.TeamTotals) -> validation.Errors:
        """Broken rules of the table as a whole: seat count, loans, closing the gates."""
        return translated_errors(validation.table_errors(self.as_game_result(), totals))

    def result_errors(
        self, *, totals: rules.TeamTotals, box_names: Iterable[str], endings: Iterable[str] = ()
    ) -> validation.Errors:
        """Every broken rule of the whole result, by field (``endings``: the seats')."""
        game, today = self.as_game_result(), timezone.localdate()
        found = validation.result_errors(
            game, today=today, totals=totals, box_names=box_names, endings=endings
        )
        return translated_errors(found)

    def clean(self) -> None:
        """The rules this row alone shows (no seats, no boxes needed)."""
        errors = translated_errors(
            validation.game_errors(self.as_game_result(), today=timezone.localdate())
        )
        if len(self.notes) > NOTES_MAX_LENGTH:  # a TextField's max_length bounds forms only
            errors.setdefault("notes", []).append(notes_too_long())
        if errors:
            raise ValidationError(errors)

    def validate_constraints(self, exclude=None) -> None:
        """None asked of the database (Django's default: a query per check, nine a result):
        ``clean()``, the table rules and the totals state each condition, and the database
        refuses a row that breaks one. The game has no unique constraint."""

    # -- writing ------------------------------------------------------------------------

    def save(self, *args, validated: bool = False, seats=None, **kwargs) -> None:
        """Validate, store the score from the seats saved so far, and save atomically
        (with what the league keeps beside the games, ``games.signals.game_write``).

        With ``update_fields``, only those fields are validated, and the seats are read
        only when a field derived from them is written: a moderator's decision (status
        and reason) changes neither the result nor its score. ``validated``: the caller
        (``games.recording``) has just made these checks; nothing is validated again.
        ``seats``: the saved seats, when the caller has just read them."""
        fields = kwargs.get("update_fields")
        written = None if fields is None else {self._meta.get_field(f).name for f in fields}
        derived = written is None or not written.isdisjoint(self.DERIVED_FIELDS)
        with game_write([self.pk]) as write:
            if not validated:
                names = [f.name for f in self._meta.fields]
                unwritten = [] if written is None else [n for n in names if n not in written]
                self.full_clean(exclude=[*unwritten, *self.DERIVED_FIELDS])
            if seats is None:
                seats = list(self.seats.all()) if self.pk and derived else []
            if derived:
                self.apply_totals(seats)
            if self.pk is not None and not kwargs.get("force_insert"):
                self.version = (self.version or 0) + 1
                if fields is not None:
                    kwargs["update_fields"] = [*fields, "version"]
            super().save(*args, **kwargs)
            write.add_created(self.pk)
            self._mark_seats(seats)

    def delete(self, *args, **kwargs):
        """Delete the game, its seats and what it added to the summaries, atomically."""
        with game_write([self.pk]):
            return super().delete(*args, **kwargs)

    def rescore(self) -> None:
        """Rewrite the stored totals, score and First Citizens from the saved seats.

        Raises ``ValidationError`` when the seats break a rule (the caller's transaction
        then rolls back the write that broke it).
        """
        with game_write([self.pk]):
            seats = list(self.seats.all())
            if seats:
                totals = rules.team_totals([seat.as_result(self.outcome) for seat in seats])
                errors = validation.merged(
                    self.table_errors(totals),
                    self.box_errors(self.boxes.values_list("name_en", flat=True)),
                )
                if errors:
                    raise ValidationError(errors)
            fields = [*self.DERIVED_FIELDS, "updated_at"]
            self.save(update_fields=fields, validated=True, seats=seats)

    # What a submitter types in (the result form and the admin both edit these).
    RESULT_FIELDS = (
        "ancient_one",
        "played_on",
        "boxes",
        "herald",
        "guardian",
        "outcome",
        "defeat_cause",
        "elder_sign_tokens",
        "terror_level",
        "elder_signs_played",
        "location",
        "notes",
        "scenario",
        "team",
        "tasks_done",
    )
