"""League seasons: date ranges that organisers define and every public page can filter by;
the home page's announcement."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SeasonQuerySet(models.QuerySet):
    def containing(self, day: datetime.date):
        return self.filter(start__lte=day, end__gte=day)

    def current(self) -> Season | None:
        """The season today falls in (the latest-starting one if seasons overlap)."""
        return self.containing(timezone.localdate()).order_by("-start").first()


class Season(models.Model):
    """A named stretch of dates: approved games played within it, submitted before it closed."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    start = models.DateField(_("start"), help_text=_("First day of the season."))
    end = models.DateField(_("end"), help_text=_("Last day of the season (included)."))

    objects = SeasonQuerySet.as_manager()

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=models.F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("A season cannot end before it starts."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start and self.end and self.end < self.start:
            raise ValidationError({"end": _("A season cannot end before it starts.")})

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


# The most characters an announcement holds: a line or two on the home page.
ANNOUNCEMENT_MAX_LENGTH = 280


class AnnouncementQuerySet(models.QuerySet):
    def showing(self) -> Announcement | None:
        """The announcement the home page shows now: the latest one not yet expired."""
        unexpired = Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())
        return self.filter(unexpired).exclude(text="").order_by("-updated_at", "-pk").first()


class Announcement(models.Model):
    """A short plain-text line an organiser shows on the home page, until it expires.

    The model also carries the organisers' permission (``league.organise_league``): one
    permission for the whole "Organise" area, granted through the "Organisers" group.
    """

    text = models.CharField(_("text"), max_length=ANNOUNCEMENT_MAX_LENGTH, blank=True)
    expires_at = models.DateTimeField(_("shown until"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("updated by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    objects = AnnouncementQuerySet.as_manager()

    class Meta:
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
        permissions = [("organise_league", "Can organise the league on the site")]

    def __str__(self) -> str:
        return self.text
