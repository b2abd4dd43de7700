"""The league's read side for pages and the API: every aggregate is a database annotation
or a summary row; nothing here loops over all games in Python."""

from .games import LeagueGames, league_games, players_by_game, visible_games
from .in_play import ancient_one_by_table_size, box_standings, herald_standings, league_tally
from .investigators import investigator_profile, investigator_standings
from .players import player_profile, public_player, standings
from .ratings import player_rating, ratings_as_of, table_ratings, with_rating
from .scenarios import (
    scenario_board,
    scenario_detail,
    scenario_overview,
    series_player_standings,
    series_scenarios,
    series_team_standings,
)
from .stats import (
    ancient_one_doom_tracks,
    ancient_one_profile,
    ancient_one_summaries,
    home_summary,
    score_comparison,
)
from .teams import captain_roster, team_profile, team_standings

__all__ = [
    "ancient_one_by_table_size",
    "box_standings",
    "herald_standings",
    "league_tally",
    "captain_roster",
    "ancient_one_doom_tracks",
    "LeagueGames",
    "ancient_one_profile",
    "ancient_one_summaries",
    "home_summary",
    "investigator_profile",
    "investigator_standings",
    "league_games",
    "players_by_game",
    "player_profile",
    "public_player",
    "player_rating",
    "ratings_as_of",
    "table_ratings",
    "with_rating",
    "scenario_board",
    "scenario_detail",
    "scenario_overview",
    "score_comparison",
    "series_player_standings",
    "series_scenarios",
    "series_team_standings",
    "standings",
    "visible_games",
    "team_profile",
    "team_standings",
]
