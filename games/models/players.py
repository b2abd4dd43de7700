from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.names import MAX_NAME_LENGTH, name_key

from .addresses import address
from .choices import ALL_LEAGUES
from .searchable import KeyedName, KeyedNameQuerySet


class PlayerQuerySet(KeyedNameQuerySet):
    def listed(self, league=None):
        """Players the public may see in ``league``: those with at least one approved game
        there (``league`` None: in a public league; a private league's games list no one
        outside it).

        The one definition of a public player: every page, API answer, feed, roster,
        suggestion and export that names players starts from it.
        """
        return self.filter(_has_approved_game(league))

    def suggested_to(self, user, prefix: str, league=None):
        """Names offered while ``user`` types ``prefix``: listed players (of ``league``
        when given) and their own."""
        own = Q(user=user) if user.is_authenticated else Q(pk__in=[])
        listed = _has_approved_game(league)
        return self.filter(name_key__startswith=name_key(prefix)).filter(listed | own)


def _has_approved_game(league=None) -> Exists:
    """A player's all-time standings row of ``league`` (None: of every public league)
    counts an approved game: "has an approved seat" read from one row per player (asked
    over the seats, PostgreSQL joined every approved seat of the league to answer it for a
    three-player roster: 15 ms at 10,000 games, against 0.06 ms here)."""
    # The standings model is looked up, not imported: summaries.py imports this module.
    standings = Player._meta.get_field("standings").related_model
    # ``league`` a league or its id (a form or a job may hold only the id).
    scope = -getattr(league, "pk", league) if league is not None else ALL_LEAGUES
    return Exists(standings.objects.filter(player=OuterRef("pk"), scope=scope, games__gt=0))


class Player(KeyedName):
    """A person in the league; may be linked to the user account that claimed it."""

    name = models.CharField(_("name"), max_length=MAX_NAME_LENGTH)
    # Decides "same player" (games.names.name_key): unique here, so both databases agree.
    name_key = models.CharField(max_length=255, unique=True, editable=False)
    slug = models.SlugField(_("slug"), max_length=90, unique=True, allow_unicode=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    name_missing = _("Give the player a name.")

    def name_taken(self, clash) -> str:
        return gettext(
            "“%(name)s” is already a player; names must differ by more than case, "
            "spacing or look-alike letters."
        ) % {"name": clash.name}

    def get_absolute_url(self) -> str:
        return address("league:player", slug=self.slug)
