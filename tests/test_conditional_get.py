"""Conditional GET: a public page or a feed unchanged since the client's copy answers 304
with no body (ETag / If-None-Match; a feed's Last-Modified / If-Modified-Since), and a
change to what the page shows answers 200 again."""

import pytest

from tests.addresses import reverse
from tests.factories import UserFactory, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return game(seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)])


@pytest.mark.parametrize(
    "name", ["league:home", "league:leaderboard", "league:standings", "league:ancient_ones"]
)
def test_an_unchanged_public_page_answers_304_to_its_etag(client, league, name):
    url = reverse(name)
    first = client.get(url)
    assert first.status_code == 200 and first.has_header("ETag")

    again = client.get(url, headers={"if-none-match": first["ETag"]})

    assert again.status_code == 304
    assert again.content == b""


def test_a_page_that_changed_answers_200_to_the_old_etag(client, league):
    url = reverse("league:player", kwargs={"slug": "ann"})
    first = client.get(url)

    game(seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)])
    again = client.get(url, headers={"if-none-match": first["ETag"]})

    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_a_feed_answers_304_to_if_modified_since_and_to_its_etag(client, league):
    url = reverse("feeds:results")
    first = client.get(url)
    assert first.status_code == 200 and first.has_header("Last-Modified")

    by_date = client.get(url, headers={"if-modified-since": first["Last-Modified"]})
    by_etag = client.get(url, headers={"if-none-match": first["ETag"]})

    assert (by_date.status_code, by_etag.status_code) == (304, 304)


def test_a_members_page_with_its_own_token_is_never_answered_304_across_members(client, league):
    client.force_login(UserFactory(username="member"))
    url = reverse("league:home")
    first = client.get(url)
    client.force_login(UserFactory(username="other"))
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
