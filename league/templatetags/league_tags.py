"""Template tags of the league pages."""

from django import template

from games.models import Status
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
