"""Which games a list shows: the query vocabulary of ``Session.objects`` (approved,
pending, the leaderboard's order, what one account may see)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from league.models import MODERATING_ROLES, role_in

from .choices import Outcome, Status
from .owned import LeagueOwnedQuerySet

# Who may approve or reject games (granted through the "Moderators" group).
MODERATE_PERMISSION = "games.moderate_session"


def sees_every_game(user) -> bool:
    """Whether ``user`` sees pending and rejected games of everyone (moderators, and those
    allowed to view every game); ``is_staff`` alone is not enough."""
    return user.has_perm(MODERATE_PERMISSION) or user.has_perm("games.view_session")


class SessionQuerySet(LeagueOwnedQuerySet):
    def approved(self):
        return self.filter(status=Status.APPROVED)

    def pending(self):
        """Games waiting for a moderator, the longest-waiting first (``session_pending_idx``)."""
        return self.filter(status=Status.PENDING).order_by("created_at", "pk")

    def victories(self):
        return self.exclude(outcome=Outcome.DEFEAT)

    def for_ancient_one(self, ancient_one):
        return self.filter(ancient_one=ancient_one)

    def visible_to(self, user, league=None):
        """Approved games for everyone; pending and rejected ones to their submitter, to
        those allowed to see every game (site moderators) and, given the ``league``, to its
        moderators. ``is_staff`` alone shows nothing more.
        """
        if sees_every_game(user):
            return self
        if not user.is_authenticated:
            return self.approved()
        shown = Q(status=Status.APPROVED) | Q(submitted_by=user)
        if league is not None and role_in(user, league) in MODERATING_ROLES:
            shown |= Q(league=league)
        return self.filter(shown)

    def ranked(self):
        """Victories best first; equal scores listed earlier game first."""
        return self.victories().order_by("-score", "played_on", "pk")

    def submitted_by_user(self, user):
        """The games this account submitted, whatever their status."""
        return self.filter(submitted_by=user)

    def same_table(self, *, played_on, ancient_one, player_ids):
        """Games on that day against that Ancient One with exactly these players."""
        ids = set(player_ids)
        seated = models.Count("seats__player", distinct=True)
        matching = models.Count("seats__player", filter=Q(seats__player__in=ids), distinct=True)
        return (
            self.filter(played_on=played_on, ancient_one=ancient_one)
            .annotate(table_size=seated, table_matching=matching)
            .filter(table_size=len(ids), table_matching=len(ids))
        )
