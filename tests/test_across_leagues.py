"""The public leagues side by side: the board of their players and teams, a player's
record in each league, an Ancient One compared between leagues; never an invitation-only
league's games."""

from __future__ import annotations

import pytest

from league.models import Visibility
from tests.addresses import reverse
from tests.factories import LeagueFactory, TeamFactory, first_league, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def leagues():
    tuesday = LeagueFactory(name="Tuesday Table")
    hidden = LeagueFactory(name="Secret Circle", visibility=Visibility.INVITATION)
    owls = TeamFactory(name="Night Owls", members=["Ann"], league=tuesday)
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])  # the first league: a victory
    game(seats=[seat("Ann")], league=tuesday, team=owls)
    game(seats=[seat("Ann")], league=tuesday, outcome="defeat", defeat_cause="devoured")
    game(seats=[seat("Ann"), seat("Zeb", "Bob Jenkins")], league=hidden)
    return {"tuesday": tuesday, "hidden": hidden}


def test_the_board_ranks_the_players_and_teams_of_public_leagues(client, leagues):
    response = client.get(reverse("across:board"))
    html = response.content.decode()
    rows = {row.record.name: row.record for row in response.context["table"].rows}
    assert set(rows) == {"Ann", "Bob"}  # Zeb plays only in an invitation-only league
    assert (rows["Ann"].games, rows["Ann"].victories) == (3, 2)
    assert "Night Owls" in html and "Tuesday Table" in html
    assert "Secret Circle" not in html and "Zeb" not in html
    assert "one scale across leagues" in html


def test_a_player_on_the_board_links_to_their_record_across_leagues(client, leagues):
    html = client.get(reverse("across:board")).content.decode()
    assert f'href="{reverse("across:player", args=["ann"])}">Ann</a>' in html


def test_a_players_record_in_each_public_league_and_in_all(client, leagues):
    response = client.get(reverse("across:player", args=["ann"]))
    records = [
        (r.league and r.league.name, r.games, r.victories) for r in response.context["records"]
    ]
    assert records == [("Arkham League", 1, 1), ("Tuesday Table", 2, 1), (None, 3, 2)]
    html = response.content.decode()
    assert 'href="/en/l/tuesday-table/players/ann/"' in html
    assert "Secret Circle" not in html


def test_a_player_of_invitation_only_leagues_alone_has_no_record_across(client, leagues):
    assert client.get(reverse("across:player", args=["zeb"])).status_code == 404


def test_an_ancient_one_compared_between_public_leagues(client, leagues):
    response = client.get(reverse("across:ancient_one", args=["cthulhu"]))
    records = [
        (r.league and r.league.name, r.games, r.victories) for r in response.context["records"]
    ]
    assert records == [("Arkham League", 1, 1), ("Tuesday Table", 2, 1), (None, 3, 2)]
    assert "Secret Circle" not in response.content.decode()
    league_page = client.get(reverse("league:ancient_one", args=["cthulhu"])).content.decode()
    assert 'href="/en/across/ancient-ones/cthulhu/"' in league_page


def test_the_board_reads_a_bounded_number_of_queries(
    client, leagues, django_assert_max_num_queries
):
    for number in range(20):
        game(seats=[seat(f"Player {number}")], league=first_league())
    with django_assert_max_num_queries(8):
        assert client.get(reverse("across:board")).status_code == 200
