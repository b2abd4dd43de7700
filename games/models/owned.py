"""What a league owns: its games, teams, scenarios and series carry their league."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.scopes import UniqueInEveryLeague


class LeagueOwnedQuerySet(models.QuerySet):
    def of_league(self, league):
        """The rows of ``league``: every list a league's page shows starts here."""
        return self.filter(league=league)


class LeagueOwned(UniqueInEveryLeague, models.Model):
    """A row of one league. PROTECT: deleting a league never takes its games with it."""

    league = models.ForeignKey(
        "league.League", on_delete=models.PROTECT, related_name="+", verbose_name=_("league")
    )

    class Meta:
        abstract = True
