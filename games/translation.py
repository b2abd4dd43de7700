"""The catalog's names per language (django-modeltranslation): columns ``name_en``,
``name_de``... on the same rows, read with no join nor extra query; English when a
language's column is empty. Two things modeltranslation leaves to us:

- the plain ``name`` column is undetermined once translated (its docs): a query from
  another model (``values("box__name")``) must ask for ``in_language("box__name")``;
- the rules know boxes by their English names (``games.rules.ACT_DECK_BOXES``): what
  checks them reads ``name_en``.

Investigators and Ancient Ones keep their proper names (the publishers' names: migration
``catalog_printed_names``, sources in docs/catalog-names.md).
"""

from django.conf import settings
from django.db.models import CharField, F, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils.translation import get_language
from modeltranslation.translator import TranslationOptions, register

from games.models import AncientOne, Box, Guardian, Herald, Investigator

ENGLISH = settings.LANGUAGE_CODE


class EnglishFallback(TranslationOptions):
    fallback_languages = {"default": (ENGLISH,)}
    # A language left empty in the admin is saved as NULL, so the unique names of boxes,
    # heralds and guardians (unique per language too) allow any number of blanks.
    empty_values = None


@register([Box, Herald, Guardian])
class CatalogNames(EnglishFallback):
    fields = ("name",)


@register(Investigator)
class InvestigatorOccupations(EnglishFallback):
    fields = ("occupation",)
    empty_values = ""


@register(AncientOne)
class AncientOneNotes(EnglishFallback):
    fields = ("note",)
    empty_values = ""


def in_language(path: str):
    """The translated field at ``path`` across a relation ("box__name") in the active
    language, else English: an expression for ``annotate()`` before ``values()``."""
    language = (get_language() or ENGLISH).split("-")[0]
    english = F(f"{path}_{ENGLISH}")
    if language == ENGLISH or language not in dict(settings.LANGUAGES):
        return english
    translated = NullIf(F(f"{path}_{language}"), Value(""))
    return Coalesce(translated, english, output_field=CharField())


def spellings(row, field: str = "name") -> set[str]:
    """``row``'s ``field`` in every language it has (the one value of a model that is not
    translated): what a results file may call it."""
    values = {getattr(row, f"{field}_{code}", None) for code, _ in settings.LANGUAGES}
    return {value for value in (*values, getattr(row, field)) if value}
