"""A control character in a query string (NUL, escape, a line break) is never written
back into a page: dropped from ``request.GET`` before any view, form or link reads it."""

import pytest

from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return game(seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)])


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("league:search", {"q": "an\x00n\x1b"}),
        ("league:leaderboard", {"played_after": "2026\x00-01-01", "sort": "-score\x00"}),
        ("league:standings", {"min_games": "2\x00", "season": "x\x7f"}),
        ("league:investigators", {"min_games": "\x001"}),
    ],
)
def test_control_characters_never_come_back(client, league, name, params):
    response = client.get(reverse(name), params)
    assert response.status_code == 200
    html = response.content.decode()
    for character in ("\x00", "\x1b", "\x7f"):
        assert character not in html
    assert "%00" not in html


def test_the_cleaned_text_is_what_the_page_reads(client, league):
    html = client.get(reverse("league:search"), {"q": "a\x00nn"}).content.decode()
    assert 'value="ann"' in html
    assert "Ann" in html


def test_a_parameter_no_page_reads_is_not_copied_into_links_nor_cached_apart(client, league):
    url = reverse("league:leaderboard")
    plain = client.get(url, {"sort": "score"})
    padded = client.get(url, {"sort": "score", "junk": "x" * 5000, "utm_source": "feed"})

    assert padded.status_code == 200
    html = padded.content.decode()
    assert "junk" not in html and "utm_source" not in html
    assert len(padded.content) < len(plain.content) + 500
    assert (plain["X-Cache"], padded["X-Cache"]) == ("miss", "hit")


def test_the_parameters_a_page_reads_are_kept_in_its_links(client, league):
    html = client.get(
        reverse("league:standings"), {"season": "", "min_games": "1", "sort": "-games"}
    ).content.decode()
    assert "min_games=1" in html


def test_the_api_refuses_a_control_character_instead(client, league):
    assert client.get("/api/heralds", {"season": "\x13"}).status_code == 422
