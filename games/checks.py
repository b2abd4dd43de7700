"""System checks of the games app's settings (registered by ``GamesConfig.ready``)."""

from __future__ import annotations

from django.conf import settings
from django.core import checks


@checks.register("settings", deploy=True)
def site_url_check(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """``manage.py check --deploy``: e-mails need the site's address to link to a game."""
    if settings.LEAGUE_SITE_URL:
        return []
    return [
        checks.Warning(
            "LEAGUE_SITE_URL is empty: approval and rejection e-mails carry no link to the game.",
            hint="Set LEAGUE_SITE_URL to the site's address, e.g. https://league.example.org.",
            id="games.W001",
        )
    ]
