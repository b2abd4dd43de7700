"""One date format for prose ("10 January 2026") and one for tables ("2026-01-10"), everywhere."""

import datetime

import pytest
from django.utils.formats import date_format

from tests.addresses import reverse
from tests.factories import UserFactory, game, seat

pytestmark = pytest.mark.django_db

PROSE, TABLE = "10 January 2026", "2026-01-10"
OTHER_STYLES = ("Jan. 10, 2026", "January 10, 2026", "10 Jan 2026", "01/10/2026")


def test_the_league_formats_replace_the_locale_ones():
    day = datetime.date(2026, 1, 10)
    assert date_format(day) == PROSE
    assert date_format(day, "SHORT_DATE_FORMAT") == TABLE


def assert_only(html, expected):
    assert expected in html
    for other in OTHER_STYLES:
        assert other not in html


def test_the_game_page_title_and_heading_use_the_prose_format(client):
    session = game(seats=[seat("Ann", "Amanda Sharpe")])
    html = client.get(reverse("games:detail", kwargs={"pk": session.pk})).content.decode()
    assert f"<title>Cthulhu · {PROSE} · Arkham League</title>" in html
    assert_only(html, PROSE)


@pytest.mark.parametrize("name", ["league:leaderboard", "league:home"])
def test_tables_use_the_iso_format(client, name):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    html = client.get(reverse(name)).content.decode()
    assert_only(html, TABLE)


def test_the_admin_follows(client):
    game(seats=[seat("Ann", "Amanda Sharpe")])
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    html = client.get(reverse("admin:games_session_changelist")).content.decode()
    assert_only(html, PROSE)
