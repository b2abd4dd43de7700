"""Results rows read only the game columns their tables and the API's list shape show
(``league.queries.games.SHOWN``): the others are deferred, so reading one would cost a
query per row. Every consumer of those rows is read here with no query allowed."""

import pytest

from games.models import Session
from league.api.games import game_out
from league.pages.games import LeaderboardTable
from league.pages.players import PlayerGamesTable
from league.pages.scenarios import ScenarioBoardTable, _board
from league.pages.teams import TeamGamesTable
from league.queries.games import UNSHOWN, league_games
from league.queries.players import _player_games
from league.queries.stats import top_games
from league.queries.teams import _team_games
from tests.factories import demo_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    demo_league(40)


def loaded(rows) -> list[Session]:
    rows = list(rows)
    assert rows and all(name in row.get_deferred_fields() for row in rows for name in UNSHOWN)
    return rows


def test_the_leaderboard_and_the_api_read_only_shown_columns(league, django_assert_num_queries):
    rows = loaded(league_games().victories().for_table_pages()[:25])
    top = loaded(top_games(league_games()))
    with django_assert_num_queries(0):
        list(LeaderboardTable(rows).as_values())
        list(LeaderboardTable(top).as_values())
        [game_out(row) for row in rows + top]


def test_a_player_and_a_team_history_read_only_shown_columns(league, django_assert_num_queries):
    player_id = Session.objects.approved().values_list("seats__player", flat=True).first()
    team_id = Session.objects.approved().exclude(team=None).values_list("team", flat=True).first()
    games = loaded(_player_games(player_id)[:25])
    team_games = loaded(_team_games(team_id)[:25])
    with django_assert_num_queries(0):
        list(PlayerGamesTable(games).as_values())
        list(TeamGamesTable(team_games).as_values())


def test_a_scenario_board_reads_only_shown_columns(league, django_assert_num_queries):
    scenario_id = Session.objects.approved().filter(is_entry=True).values("scenario").first()
    rows = loaded(_board(scenario_id["scenario"]))
    with django_assert_num_queries(0):
        list(ScenarioBoardTable(rows).as_values())
