"""Leagues and their members; a league's seasons (date ranges that organisers define and
every public page can filter by) and the home page's announcement."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.scopes import UniqueInEveryLeague, league_scoped

# The most leagues one member may create (organisers of many groups ask an admin for more).
LEAGUES_PER_MEMBER = 5


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public: anyone reads its pages")
    INVITATION = "invitation", _("Invitation only: its members read its pages")


class LeagueQuerySet(models.QuerySet):
    def public(self):
        return self.filter(visibility=Visibility.PUBLIC)

    def of_user(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)

    def readable_by(self, user):
        if not user.is_authenticated:
            return self.public()
        return self.filter(Q(visibility=Visibility.PUBLIC) | Q(memberships__user=user)).distinct()

    def first_league(self) -> League:
        """The league the site started with: addresses without a league lead to it."""
        return self.order_by("pk").first()


class League(models.Model):
    """A group that plays together: it owns its games, seasons, teams, scenarios, series
    and announcements; people have one account and player across leagues."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(
        _("address"), max_length=40, unique=True, help_text=_("Its pages live under /l/<address>/.")
    )
    description = models.TextField(_("description"), max_length=1000, blank=True)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    objects = LeagueQuerySet.as_manager()

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_public(self) -> bool:
        return self.visibility == Visibility.PUBLIC


class MemberRole(models.TextChoices):
    MEMBER = "member", _("member")
    MODERATOR = "moderator", _("moderator")
    ORGANISER = "organiser", _("organiser")


class Membership(models.Model):
    """A person's place in a league: a member records games; a moderator also approves
    them; an organiser also runs the league (members, roles, seasons, scenarios)."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("league")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("account"),
    )
    role = models.CharField(
        _("role"), max_length=10, choices=MemberRole.choices, default=MemberRole.MEMBER
    )
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="membership_once_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.league})"


# The roles that approve and reject games (an organiser moderates too).
MODERATING_ROLES = frozenset({MemberRole.MODERATOR, MemberRole.ORGANISER})


def role_in(user, league) -> str | None:
    """A ``MemberRole`` value or None, remembered on the user object as Django remembers its
    permissions: the navigation, the view and its template ask it several times."""
    league_id = league if isinstance(league, int) else getattr(league, "pk", None)
    if league_id is None or not user.is_authenticated:
        return None
    roles = getattr(user, "league_roles", None)
    if roles is None:
        roles = user.league_roles = {}
    if league_id not in roles:
        memberships = Membership.objects.filter(user=user, league_id=league_id)
        roles[league_id] = memberships.values_list("role", flat=True).first()
    return roles[league_id]


class JoinRequest(models.Model):
    """An account asking to join an invitation-only league; an organiser approves it (a
    membership) or declines it (the request goes)."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("league")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="join_requests",
        verbose_name=_("account"),
    )
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)

    class Meta:
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="join_request_once_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.league}"


class SeasonQuerySet(models.QuerySet):
    def current(self) -> Season | None:
        # The latest-starting one if seasons overlap.
        today = timezone.localdate()
        return self.filter(start__lte=today, end__gte=today).order_by("-start").first()


class Season(UniqueInEveryLeague, models.Model):
    """A named stretch of dates: approved games played within it, submitted before it closed."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league")
    )
    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("slug"), max_length=80)
    start = models.DateField(_("start"), help_text=_("First day of the season."))
    end = models.DateField(_("end"), help_text=_("Last day of the season (included)."))

    objects = league_scoped(SeasonQuerySet)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="season_name_per_league"),
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_per_league"),
            models.CheckConstraint(
                condition=Q(end__gte=models.F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("A season cannot end before it starts."),
            ),
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
        """Midnight after its last day (None while it runs): games submitted later do not
        count in it, even when backdated, so its standings stay as they were."""
        if not self.is_finished:
            return None
        midnight = datetime.datetime.combine(self.end + datetime.timedelta(days=1), datetime.time())
        return timezone.make_aware(midnight)


# The most characters an announcement holds: a line or two on the home page.
ANNOUNCEMENT_MAX_LENGTH = 280


class AnnouncementQuerySet(models.QuerySet):
    def showing(self) -> Announcement | None:
        unexpired = Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())
        return self.filter(unexpired).exclude(text="").order_by("-updated_at", "-pk").first()


class Announcement(models.Model):
    """A short plain-text line an organiser shows on the home page, until it expires.

    The model also carries the organisers' permission (``league.organise_league``): one
    permission for the whole "Organise" area, granted through the "Organisers" group.
    """

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="announcements", verbose_name=_("league")
    )
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

    objects = league_scoped(AnnouncementQuerySet)

    class Meta:
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
        permissions = [("organise_league", "Can organise the league on the site")]

    def __str__(self) -> str:
        return self.text
