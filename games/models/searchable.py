"""Named rows: the search box finds them by a key kept on write; players and teams also
keep the key that decides "same name"."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import slugify
from django_scopes import scopes_disabled

from games.names import name_key, normalise_name, search_key


class Searchable(models.Model):
    """A named row the search box finds: ``search_key`` is its name as a search compares it
    (``games.names.search_key``: case-folded, without accents), written on every save, so
    both databases match "elodie" to "Élodie" by a plain ``LIKE``."""

    search_key = models.TextField(editable=False, default="")
    # Written from the name on every save, also when ``update_fields`` names only "name".
    name_keys = ("search_key",)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.search_key = search_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, *self.name_keys}
        super().save(*args, **kwargs)


class KeyedNameQuerySet(models.QuerySet):
    def named(self, name: str):
        """The row this name means: same key, whatever the case or look-alike letters."""
        return self.filter(name_key=name_key(name))


class KeyedName(Searchable):
    """A row whose name no other shares up to case, spacing or look-alike letters
    (``name_key``, ``games.names``); its slug is made from the name when none is given.
    Each model words ``name_missing`` and ``name_taken(clash)``."""

    name_keys = ("search_key", "name_key")

    class Meta:
        abstract = True

    def clean(self) -> None:
        self.name = normalise_name(self.name or "")
        if not self.name:
            raise ValidationError({"name": self.name_missing})
        clash = type(self).objects.named(self.name).exclude(pk=self.pk).first()
        if clash is not None:
            raise ValidationError({"name": self.name_taken(clash)})

    def save(self, *args, **kwargs) -> None:
        self.name = normalise_name(self.name)
        self.name_key = name_key(self.name)
        if not self.slug:
            # Letters of any script kept where the slug allows them (李雷 stays 李雷).
            unicode = self._meta.get_field("slug").allow_unicode
            base = slugify(self.name, allow_unicode=unicode)[:80] or self._meta.model_name
            self.slug = unique_slug(type(self), base)
        super().save(*args, **kwargs)


def unique_slug(model: type[models.Model], base: str) -> str:
    """``base``, else ``base-2``, ``base-3``...: the first slug no row of ``model`` has."""
    slug, n = base, 2
    with scopes_disabled():  # a slug no league has (teams' slugs are unique site-wide)
        while model.objects.filter(slug=slug).exists():
            slug, n = f"{base}-{n}", n + 1
    return slug
