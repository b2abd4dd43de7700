"""League seasons: date ranges that staff define and every public page can filter by."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone


class SeasonQuerySet(models.QuerySet):
    def containing(self, day: datetime.date):
        return self.filter(start__lte=day, end__gte=day)

    def current(self) -> Season | None:
        """The season today falls in (the latest-starting one if seasons overlap)."""
        return self.containing(timezone.localdate()).order_by("-start").first()


class Season(models.Model):
    """A named stretch of dates: approved games played within it, submitted before it closed."""

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    start = models.DateField(help_text="First day of the season.")
    end = models.DateField(help_text="Last day of the season (included).")

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=models.F("start")),
                name="season_ends_after_it_starts",
                violation_error_message="A season cannot end before it starts.",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start and self.end and self.end < self.start:
            raise ValidationError({"end": "A season cannot end before it starts."})

    @property
    def is_finished(self) -> bool:
        return self.end < timezone.localdate()

    @property
    def closed_at(self) -> datetime.datetime | None:
        """When a finished season closed (midnight after its last day); None while it runs.

        Games submitted after that moment do not count in it, even when backdated into
        its dates, so a finished season's standings stay as they were.
        """
        if not self.is_finished:
            return None
        midnight = datetime.datetime.combine(self.end + datetime.timedelta(days=1), datetime.time())
        return timezone.make_aware(midnight)
