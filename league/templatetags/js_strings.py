"""``{% js_strings %}``: the scripts' texts in the active language, written into the page
as JSON (Django's ``json_script``) for static/js/strings.js."""

from functools import lru_cache

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from league.pages.js_strings import for_page

register = template.Library()


@lru_cache(maxsize=16)
def _element(language: str | None) -> SafeString:
    # Built once per language and process: the catalogues do not change while it runs, and
    # every page carries it (120 translations and 5 KB of JSON a page otherwise).
    return json_script(for_page(), "league-strings")


@register.simple_tag
def js_strings() -> SafeString:
    return _element(get_language())
