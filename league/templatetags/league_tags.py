"""Template tags of the league pages (and of every page: the scripts' texts, the account's
key for the offline app, the page's address in every language)."""

from functools import lru_cache

from django import template
from django.conf import settings
from django.urls import translate_url
from django.utils.formats import get_format
from django.utils.html import json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_from_path, ngettext
from django.utils.translation import gettext as _

from games import rating_rules
from games.models import Status
from games.models.addresses import address as reversed_once
from games.numbers import shown as shown_number
from league.context_processors import nav_links
from league.pages.js_strings import for_page
from league.pages.offline import account_key
from league.pages.tables import NO_RATE, rate_cell
from league.queries.stats import score_comparison
from league.site import absolute_url, without_language

register = template.Library()


@register.inclusion_tag("league/includes/compare_score.html", takes_context=True)
def compare_score(context, game):
    """ "Compare your score": where this victory ranks among approved victories."""
    return {
        "league": context.get("league"),
        "game": game,
        "comparison": score_comparison(game),
        "approved": game.status == Status.APPROVED,
    }


@register.filter
def labelled_cells(row):
    """``{% for attrs, cell in row|labelled_cells %}``: a league table's row as its cells,
    each with its ``<td>``'s attributes (``LeagueTable.cell_attrs``: worked out once per
    table rather than once per cell, which is what they cost django-tables2's template)."""
    attrs = row.table.cell_attrs
    for column, cell in row.items():
        yield attrs[column.name], cell


@register.filter
def shown(value, places: int = 0) -> str:
    """A table cell's figure as every page and download rounds it (``games.numbers``):
    ``{{ row.mean|shown:1 }}``, with the reader's decimal mark ("19.7", "19,7"); "—" when
    there is none. Rows write it with localisation off, which it does not need."""
    if value is None:
        return NO_RATE
    text = shown_number(value, places)
    return text.replace(".", get_format("DECIMAL_SEPARATOR")) if places else text


@register.filter
def percent(value) -> str:
    """A rate as a whole per cent, "76%"; "—" when there is none."""
    return NO_RATE if value is None else shown_number(value, 0, "%")


@register.filter
def even_chance(rating) -> str:
    """What a rating means: the chance to win an even game, "67%" ("—" for none)."""
    return NO_RATE if rating is None else percent(100 * rating_rules.even_chance(rating))


@register.filter
def rating_provisional(record) -> bool:
    """Whether a standings row's rating is still provisional (few games or a large σ)."""
    threshold = settings.LEAGUE_RATING_PROVISIONAL_GAMES
    return rating_rules.provisional(record.rating_games, threshold, record.rating_sigma)


# ``{% rate row.victories row.games %}``: "40% (17–69%)", its interval, "few games" marked.
register.simple_tag(rate_cell, name="rate")
# ``{% address "league:player" slug=row.slug %}``: ``{% url %}`` for a link on every row,
# each address reversed once per process (``games.models.addresses``).
register.simple_tag(reversed_once, name="address")


@register.filter
def rank_in(record, table):
    """A leaderboard row's rank by score (``LeaderboardTable.rank_of``)."""
    return table.rank_of(record)


@register.filter
def duration_minutes(duration) -> str:
    """A timedelta as whole minutes, rounded up: "15 minutes"."""
    minutes = max(1, -(-int(duration.total_seconds()) // 60))
    return ngettext("%(minutes)d minute", "%(minutes)d minutes", minutes) % {"minutes": minutes}


@register.simple_tag(takes_context=True)
def site_nav(context):
    """The main navigation, also where no context processor ran (Django's 500 page)."""
    if "nav_links" in context:
        return context["nav_links"]
    return nav_links(getattr(context, "request", None))


class CaptureNode(template.Node):
    def __init__(self, nodelist, name: str):
        self.nodelist, self.name = nodelist, name

    def render(self, context) -> str:
        # Rendered (so already escaped) text, on one line: fit for an attribute value.
        context[self.name] = mark_safe(" ".join(self.nodelist.render(context).split()))
        return ""


@register.tag
def capture(parser, token):
    """``{% capture as name %}…{% endcapture %}``: what a block renders, kept in ``name``
    instead of written out, so one text (a page's description) can fill several tags."""
    bits = token.split_contents()
    if len(bits) != 3 or bits[1] != "as":
        raise template.TemplateSyntaxError("Use {% capture as name %}…{% endcapture %}")
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, bits[2])


@register.filter
def player_names(seats) -> str:
    """The players of these seats, each once, in seat order: "Ann, Bob and Nora"."""
    names = list(dict.fromkeys(seat.player.name for seat in seats))
    if len(names) < 2:
        return "".join(names)
    # Translators: a list of names, "Ann, Bob and Nora".
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


@lru_cache(maxsize=16)
def _js_strings(language: str | None) -> SafeString:
    # Built once per language and process: the catalogues do not change while it runs, and
    # every page carries it (120 translations and 5 KB of JSON a page otherwise).
    return json_script(for_page(), "league-strings")


@register.simple_tag
def js_strings() -> SafeString:
    """The scripts' texts in the active language, as JSON for static/js/strings.js."""
    return _js_strings(get_language())


@register.simple_tag(takes_context=True)
def offline_account(context) -> str:
    """The signed-in account's key for the offline app (``league.pages.offline``)."""
    return account_key(context.get("user"))


@register.simple_tag(takes_context=True)
def language_alternates(context) -> list[tuple[str, str]]:
    """(hreflang, absolute address) for each language, and ``x-default``: the address
    without a prefix, which sends a reader to the language their browser asks for. None
    on an address that has no language (the API's, the admin's)."""
    request = context.get("request")
    if request is None or get_language_from_path(request.path_info) is None:
        return []
    # The query the page read (league.ops.query_text keeps only its own parameters, cleaned).
    query = request.GET.urlencode()
    path = f"{request.path}?{query}" if query else request.path
    return [
        *(
            (code, absolute_url(translate_url(path, code), request))
            for code, _name in settings.LANGUAGES
        ),
        ("x-default", absolute_url(without_language(path), request)),
    ]
