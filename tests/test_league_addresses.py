"""Each league's pages under /<language>/l/<league>/, the leagues' list at the site's home,
and every address from before leagues leading to the first league's page for good."""

from __future__ import annotations

import pytest

from league.models import Visibility
from tests.addresses import reverse
from tests.factories import LeagueFactory, UserFactory, game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/en/leaderboard/", "/en/l/arkham/leaderboard/"),
        ("/de/players/ann/?season=spring", "/de/l/arkham/players/ann/?season=spring"),
        ("/en/games/12/", "/en/l/arkham/games/12/"),
        ("/en/feeds/results/", "/en/l/arkham/feeds/results/"),
        ("/fr/ancient-ones/cthulhu/", "/fr/l/arkham/ancient-ones/cthulhu/"),
        ("/pl/rules/", "/pl/l/arkham/rules/"),
    ],
)
def test_an_address_from_before_leagues_leads_to_the_first_leagues_page(client, old, new):
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_the_old_address_of_a_game_ends_on_its_page(client):
    played = game()
    response = client.get(f"/en/games/{played.pk}/", follow=True)
    assert response.redirect_chain == [(f"/en/l/arkham/games/{played.pk}/", 301)]
    assert response.status_code == 200


def test_the_home_lists_public_leagues_and_the_members_own(client):
    LeagueFactory(name="Tuesday Table")
    hidden = LeagueFactory(name="Secret Circle", visibility=Visibility.INVITATION)
    html = client.get(reverse("leagues")).content.decode()
    assert "Arkham League" in html and "Tuesday Table" in html
    assert "Secret Circle" not in html
    member = UserFactory(username="ann")
    hidden.memberships.create(user=member)
    client.force_login(member)
    html = client.get(reverse("leagues")).content.decode()
    assert 'href="/en/l/secret-circle/"' in html


def test_a_league_the_reader_may_not_read_is_not_found(client):
    LeagueFactory(name="Secret Circle", visibility=Visibility.INVITATION)
    assert client.get("/en/l/secret-circle/").status_code == 404
    assert client.get("/en/l/no-such-league/leaderboard/").status_code == 404
    outsider = UserFactory(username="bob")
    client.force_login(outsider)
    assert client.get("/en/l/secret-circle/").status_code == 404


def test_a_member_reads_their_invitation_only_league(client):
    hidden = LeagueFactory(name="Secret Circle", visibility=Visibility.INVITATION)
    member = UserFactory(username="ann")
    hidden.memberships.create(user=member)
    client.force_login(member)
    response = client.get("/en/l/secret-circle/")
    assert response.status_code == 200
    assert 'href="/en/l/secret-circle/leaderboard/"' in response.content.decode()


def test_a_leagues_links_stay_in_that_league(client):
    LeagueFactory(name="Tuesday Table")
    html = client.get("/en/l/tuesday-table/leaderboard/").content.decode()
    assert 'href="/en/l/tuesday-table/players/"' in html
    assert "/en/l/arkham/players/" not in html
