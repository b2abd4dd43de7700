from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.text import slugify


class PlayerQuerySet(models.QuerySet):
    def named(self, name: str):
        return self.filter(name__iexact=name.strip())


class Player(models.Model):
    """A person in the league; may be linked to the user account that claimed it."""

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=90, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = unique_player_slug(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("league:player", kwargs={"slug": self.slug})


def unique_player_slug(name: str) -> str:
    base = slugify(name)[:80] or "player"
    slug, n = base, 2
    while Player.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug
