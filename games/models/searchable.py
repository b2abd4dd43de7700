"""Rows the navigation's search box finds by name, with the key it matches kept on write."""

from __future__ import annotations

from django.db import models
from django_scopes import scopes_disabled

from games.names import search_key


class Searchable(models.Model):
    """A named row the search box finds: ``search_key`` is its name as a search compares it
    (``games.names.search_key``: case-folded, without accents), written on every save, so
    both databases match "elodie" to "Élodie" by a plain ``LIKE``."""

    search_key = models.TextField(editable=False, default="")

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.search_key = search_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)


def unique_slug(model: type[models.Model], base: str) -> str:
    """``base``, else ``base-2``, ``base-3``...: the first slug no row of ``model`` has."""
    slug, n = base, 2
    with scopes_disabled():  # a slug no league has (teams' slugs are unique site-wide)
        while model.objects.filter(slug=slug).exists():
            slug, n = f"{base}-{n}", n + 1
    return slug
