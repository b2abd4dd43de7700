"""Reference data: boxes, Ancient Ones, heralds, guardians, investigators.

Filled by migration 0002 from the printed game; league staff correct it in the admin.
"""

from django.db import models
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .addresses import address
from .searchable import Searchable


class Box(models.Model):
    """A product: the base game, an expansion, or the promotional sheets."""

    class Kind(models.TextChoices):
        BASE = "base", pgettext_lazy("box kind", "Base game")
        BIG = "big", pgettext_lazy("box kind", "Big box")
        SMALL = "small", pgettext_lazy("box kind", "Small box")
        PROMO = "promo", pgettext_lazy("box kind", "Promotional")

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    year = models.PositiveSmallIntegerField(_("year"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)

    class Meta:
        ordering = ["year", "name"]
        verbose_name = _("box")
        verbose_name_plural = _("boxes")

    def __str__(self) -> str:
        return self.name


class AncientOne(Searchable):
    name = models.CharField(_("name"), max_length=60, unique=True)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    doom_track = models.PositiveSmallIntegerField(
        _("doom track"),
        help_text=_(
            "The printed length of the doom track, which starts every victory score. "
            "Changing it rescores every game against this Ancient One."
        ),
    )
    box = models.ForeignKey(
        Box, on_delete=models.PROTECT, related_name="ancient_ones", verbose_name=_("box")
    )
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Ancient One")
        verbose_name_plural = _("Ancient Ones")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(doom_track__gte=1), name="ancient_one_doom_track_positive"
            )
        ]

    def get_absolute_url(self) -> str:
        return address("league:ancient_one", slug=self.slug)


class Herald(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    box = models.ForeignKey(
        Box, on_delete=models.PROTECT, related_name="heralds", verbose_name=_("box")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("herald")
        verbose_name_plural = _("heralds")

    def __str__(self) -> str:
        return self.name


class Guardian(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    box = models.ForeignKey(
        Box, on_delete=models.PROTECT, related_name="guardians", verbose_name=_("box")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("guardian")
        verbose_name_plural = _("guardians")

    def __str__(self) -> str:
        return self.name


class Investigator(Searchable):
    name = models.CharField(_("name"), max_length=60, unique=True)
    slug = models.SlugField(_("slug"), max_length=60, unique=True, blank=True)
    occupation = models.CharField(_("occupation"), max_length=60)
    box = models.ForeignKey(
        Box, on_delete=models.PROTECT, related_name="investigators", verbose_name=_("box")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("investigator")
        verbose_name_plural = _("investigators")

    def __str__(self) -> str:
        return f"{self.name} ({self.occupation})"

    def save(self, *args, **kwargs) -> None:
        # Staff adding an investigator in the admin need not invent its address.
        if not self.slug:
            self.slug = slugify(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return address("league:investigator", slug=self.slug)
