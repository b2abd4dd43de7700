"""The page's address in every language, for ``<link rel="alternate" hreflang>``."""

from django import template
from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language_from_path

from league.site import absolute_url, without_language

register = template.Library()


@register.simple_tag(takes_context=True)
def language_alternates(context) -> list[tuple[str, str]]:
    """(hreflang, absolute address) for each language, and ``x-default``: the address
    without a prefix, which sends a reader to the language their browser asks for. None
    on an address that has no language (the API's, the admin's)."""
    request = context.get("request")
    if request is None:
        return []
    if get_language_from_path(request.path_info) is None:
        return []
    # The query the page read (league.ops.query_text keeps only its own parameters, cleaned).
    query = request.GET.urlencode()
    path = f"{request.path}?{query}" if query else request.path
    return [
        *(
            (code, absolute_url(translate_url(path, code), request))
            for code, _ in settings.LANGUAGES
        ),
        ("x-default", absolute_url(without_language(path), request)),
    ]
