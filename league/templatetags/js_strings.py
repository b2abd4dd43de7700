"""``{% js_strings as strings %}``: the scripts' texts in the active language, for
templates/includes/js_strings.html to write into the page with ``json_script``."""

from django import template

from league.pages.js_strings import for_page

register = template.Library()


@register.simple_tag
def js_strings() -> dict:
    return for_page()
