"""The league's read side: approved games, filtered and aggregated in the database.

Views call these and templates, tables and charts only present what they return. Every
aggregate is a database annotation; nothing here loops over all games in Python.
"""

from .games import (
    LeagueGames,
    league_changed_at,
    league_games,
    medians_by_ancient_one,
    visible_games,
)
from .players import player_profile, standings
from .stats import ancient_one_profile, ancient_one_summaries, home_summary, score_comparison

__all__ = [
    "LeagueGames",
    "ancient_one_profile",
    "ancient_one_summaries",
    "home_summary",
    "league_changed_at",
    "league_games",
    "medians_by_ancient_one",
    "player_profile",
    "score_comparison",
    "standings",
    "visible_games",
]
