"""Teams: named groups of players that can record games together."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.scopes import league_scoped

from .addresses import address
from .owned import LeagueOwned, LeagueOwnedQuerySet
from .players import Player
from .searchable import KeyedName, KeyedNameQuerySet


class TeamQuerySet(LeagueOwnedQuerySet, KeyedNameQuerySet):
    def of_player(self, player: Player | None):
        """Teams ``player`` belongs to (none for no player)."""
        if player is None:
            return self.none()
        return self.filter(members=player)


class Team(LeagueOwned, KeyedName):
    """A team of league players; its captain (an account whose player is a member, first
    the one that created it) manages members."""

    name = models.CharField(_("name"), max_length=80)
    # The comparison key (games.names): two teams of a league cannot differ only in case or
    # spacing; two leagues may each have their own "Miskatonic Readers".
    name_key = models.CharField(max_length=80, editable=False)
    slug = models.SlugField(_("slug"), max_length=90, unique=True)
    members = models.ManyToManyField(
        Player, related_name="teams", blank=True, verbose_name=_("members")
    )
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="captained_teams",
        verbose_name=_("captain"),
        help_text=_("The account that manages the members."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = league_scoped(TeamQuerySet)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["league", "name_key"],
                name="team_name_unique_in_league",
                violation_error_message=_("The league already has a team of that name."),
            )
        ]

    def get_absolute_url(self) -> str:
        return address("league:team", league_id=self.league_id, slug=self.slug)

    name_missing = _("Give the team a name.")

    def name_taken(self, clash) -> str:
        return gettext("There is already a team called %(team)s.") % {"team": clash}

    def managed_by(self, user) -> bool:
        """The captain manages the members; so does staff allowed to change teams."""
        if not user.is_authenticated:
            return False
        return self.captain_id == user.pk or user.has_perm("games.change_team")


class TeamInvitationQuerySet(models.QuerySet):
    def for_user(self, user):
        """Invitations waiting for ``user``'s answer: to the player they claimed."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(player__user=user)


class TeamInvitation(models.Model):
    """A captain asked a player who has an account, or who plays in another team, to
    join: they join only on accepting (from the account that plays as them), as no captain
    puts someone's own name, or a player who chose a team, on a roster without asking."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("team")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("player")
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("invited by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = TeamInvitationQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("team invitation")
        verbose_name_plural = _("team invitations")
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="team_invitation_unique")
        ]

    def __str__(self) -> str:
        return gettext("%(player)s invited to %(team)s") % {
            "player": self.player,
            "team": self.team,
        }
