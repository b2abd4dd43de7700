"""League scenarios in the FFG league format, grouped into series.

The rules themselves (what a game must fit, the scenario score, entries, series points)
live in ``games.scenario_rules``; these models hold the data and hand it over as
``ScenarioTerms``.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import scenario_rules
from games.rule_messages import translated
from league.scopes import league_scoped

from .addresses import address
from .catalog import AncientOne, Box, Herald
from .owned import LeagueOwned, LeagueOwnedQuerySet
from .searchable import Searchable

# Names and addresses are unique within a league: two leagues may each run "League session 1".
SERIES_NAME_TAKEN = _("A series of this league already has this name.")
SERIES_SLUG_TAKEN = _("A series of this league already has this address.")
SCENARIO_NAME_TAKEN = _("A scenario of this league already has this name.")
SCENARIO_SLUG_TAKEN = _("A scenario of this league already has this address.")


def named_in_league(kind: str, name_taken, slug_taken) -> list[models.UniqueConstraint]:
    """A league's ``kind`` rows differ in name and in address (another league's may not)."""
    return [
        models.UniqueConstraint(
            fields=["league", field],
            name=f"{kind}_{field}_per_league",
            violation_error_message=message,
        )
        for field, message in (("name", name_taken), ("slug", slug_taken))
    ]


class Series(LeagueOwned):
    """An ordered set of scenarios, e.g. "League session 2"; its standings add them up."""

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("slug"), max_length=80)
    description = models.TextField(_("description"), blank=True)

    objects = league_scoped(LeagueOwnedQuerySet)

    class Meta:
        ordering = ["name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = named_in_league("series", SERIES_NAME_TAKEN, SERIES_SLUG_TAKEN)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return address("league:series", league_id=self.league_id, slug=self.slug)


class ScenarioQuerySet(LeagueOwnedQuerySet):
    def open_now(self):
        now = timezone.now()
        return self.filter(opens_at__lte=now, closes_at__gt=now)


class Scenario(LeagueOwned, Searchable):
    """One league scenario: what may be in play, its tasks, and when it runs."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=120)
    series = models.ForeignKey(
        Series,
        on_delete=models.PROTECT,
        related_name="scenarios",
        null=True,
        blank=True,
        verbose_name=_("series"),
    )
    order = models.PositiveSmallIntegerField(
        pgettext_lazy("position", "order"),
        default=0,
        help_text=_("Position in its series (lowest first)."),
    )
    briefing = models.TextField(
        _("briefing"), blank=True, help_text=_("Plain text; line breaks are kept.")
    )
    ancient_ones = models.ManyToManyField(
        AncientOne,
        related_name="scenarios",
        verbose_name=_("ancient ones"),
        help_text=_("The Ancient One, or the set the players choose from."),
    )
    herald = models.ForeignKey(
        Herald,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="scenarios",
        verbose_name=_("herald"),
        help_text=_("Optional: the herald every game of this scenario uses."),
    )
    boxes_required = models.ManyToManyField(
        Box, related_name="scenarios_requiring", blank=True, verbose_name=_("boxes required")
    )
    boxes_allowed = models.ManyToManyField(
        Box,
        related_name="scenarios_allowing",
        blank=True,
        verbose_name=_("boxes allowed"),
        help_text=_("Nothing else may be in play (include the required ones). Empty: any box."),
    )
    investigators_min = models.PositiveSmallIntegerField(
        _("fewest investigators"), default=scenario_rules.FFG_MIN_INVESTIGATORS
    )
    investigators_max = models.PositiveSmallIntegerField(
        _("most investigators"), default=scenario_rules.FFG_MAX_INVESTIGATORS
    )
    opens_at = models.DateTimeField(_("opens at"), help_text=_("In the league's time zone."))
    closes_at = models.DateTimeField(
        _("closes at"),
        help_text=_("In the league's time zone; games submitted from then on are refused."),
    )

    objects = league_scoped(ScenarioQuerySet)

    class Meta:
        ordering = ["series", "order", "opens_at"]
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")
        constraints = [
            *named_in_league("scenario", SCENARIO_NAME_TAKEN, SCENARIO_SLUG_TAKEN),
            models.CheckConstraint(
                condition=Q(closes_at__gt=models.F("opens_at")),
                name="scenario_closes_after_it_opens",
                violation_error_message=_("A scenario must close after it opens."),
            ),
            models.CheckConstraint(
                condition=Q(investigators_min__lte=models.F("investigators_max")),
                name="scenario_investigators_min_max",
                violation_error_message=_("The fewest investigators cannot exceed the most."),
            ),
        ]
        indexes = [models.Index(fields=["opens_at", "closes_at"], name="scenario_window_idx")]

    def get_absolute_url(self) -> str:
        return address("league:scenario", league_id=self.league_id, slug=self.slug)

    def clean(self) -> None:
        errors = {}
        if self.opens_at and self.closes_at and self.closes_at <= self.opens_at:
            errors["closes_at"] = gettext("A scenario must close after it opens.")
        if self.investigators_min is not None and self.investigators_max is not None:
            terms = scenario_rules.ScenarioTerms(
                name=self.name,
                ancient_ones=frozenset(),
                boxes_required=frozenset(),
                boxes_allowed=frozenset(),
                investigators_min=self.investigators_min,
                investigators_max=self.investigators_max,
            )
            problems = scenario_rules.scenario_terms_problems(terms)
            if problems:
                errors["investigators_max"] = [translated(problem) for problem in problems]
        if errors:
            raise ValidationError(errors)

    def is_open(self, moment: datetime.datetime | None = None) -> bool:
        moment = moment or timezone.now()
        return self.opens_at <= moment < self.closes_at

    def is_closed(self, moment: datetime.datetime | None = None) -> bool:
        return (moment or timezone.now()) >= self.closes_at

    def terms(self) -> scenario_rules.ScenarioTerms:
        """What the scenario allows, by name, for the rule module (three small queries)."""
        return scenario_rules.ScenarioTerms(
            name=self.name,
            ancient_ones=frozenset(a.name for a in self.ancient_ones.all()),
            boxes_required=frozenset(b.name for b in self.boxes_required.all()),
            boxes_allowed=frozenset(b.name for b in self.boxes_allowed.all()),
            herald=self.herald.name if self.herald_id else None,
            investigators_min=self.investigators_min,
            investigators_max=self.investigators_max,
            # Local time: "played after it opened" compares the league's calendar day.
            opens_at=timezone.localtime(self.opens_at),
            closes_at=timezone.localtime(self.closes_at),
        )


CONDITION_CHOICES = [
    (key, gettext_lazy(kind.label)) for key, kind in scenario_rules.TASK_CONDITIONS.items()
]


class ScenarioTask(models.Model):
    """A task of a scenario: each one completed is worth a point.

    A task may carry a condition on the recorded result (``scenario_rules`` ruling 11):
    a game that claims the task must meet it. Without one the task is free text.
    """

    scenario = models.ForeignKey(
        Scenario, on_delete=models.CASCADE, related_name="tasks", verbose_name=_("scenario")
    )
    order = models.PositiveSmallIntegerField(pgettext_lazy("position", "order"), default=0)
    text = models.CharField(_("text"), max_length=240)
    condition = models.CharField(
        _("checked condition"),
        max_length=32,
        choices=CONDITION_CHOICES,
        blank=True,
        default="",
        help_text=_(
            "Optional: what the recorded result must show for a game to claim the task "
            "(checked on every game entered). Empty: the task is taken at the players' word."
        ),
    )
    condition_number = models.PositiveSmallIntegerField(
        "N",
        null=True,
        blank=True,
        help_text=_(
            "The number N of a condition that has one (e.g. 3 for terror level 3 or less); "
            "empty otherwise."
        ),
    )

    class Meta:
        ordering = ["scenario", "order", "pk"]
        verbose_name = _("scenario task")
        verbose_name_plural = _("scenario tasks")

    def __str__(self) -> str:
        return self.text

    def clean(self) -> None:
        problems = scenario_rules.condition_number_problems(self.condition, self.condition_number)
        if problems:
            raise ValidationError({"condition_number": [translated(p) for p in problems]})

    @property
    def condition_words(self) -> str:
        """The condition in words ("terror level 3 or less"); "" without one, or for one
        stored without passing ``clean`` (no page fails on it)."""
        try:
            return translated(scenario_rules.condition_words(self.condition, self.condition_number))
        except ValueError:
            return ""

    def condition_problem(self, result: scenario_rules.RecordedResult) -> str | None:
        """Why claiming the task breaks its condition on ``result``, or ``None``."""
        if not self.condition_words:
            return None
        problem = scenario_rules.task_condition_problem(
            task=self.text, kind=self.condition, number=self.condition_number, result=result
        )
        return translated(problem) if problem else None
