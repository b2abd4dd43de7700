"""Template tags of the league pages."""

from django import template

from games.models import Status
from league.context_processors import nav_links
from league.queries import score_comparison

register = template.Library()


@register.inclusion_tag("league/includes/compare_score.html")
def compare_score(game):
    """ "Compare your score": where this victory ranks among approved victories."""
    return {
        "game": game,
        "comparison": score_comparison(game),
        "approved": game.status == Status.APPROVED,
    }


@register.filter
def duration_minutes(duration) -> str:
    """A timedelta as whole minutes, rounded up: "15 minutes"."""
    minutes = max(1, -(-int(duration.total_seconds()) // 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


@register.simple_tag(takes_context=True)
def site_nav(context):
    """The main navigation, also where no context processor ran (Django's 500 page)."""
    if "nav_links" in context:
        return context["nav_links"]
    return nav_links(getattr(context, "request", None))
