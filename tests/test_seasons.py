"""Seasons: staff define them in the admin; pages filter by them; home shows the current one."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import Season
from tests.addresses import reverse
from tests.factories import SeasonFactory, UserFactory, first_league, game, seat

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def test_current_season_is_the_one_today_falls_in():
    SeasonFactory(name="Old", start=datetime.date(2020, 1, 1), end=datetime.date(2020, 12, 31))
    now = SeasonFactory(name="Now", start=TODAY - datetime.timedelta(days=10), end=TODAY)
    assert Season.objects.current() == now
    assert not now.is_finished


def test_no_current_season():
    SeasonFactory(name="Old", start=datetime.date(2020, 1, 1), end=datetime.date(2020, 12, 31))
    assert Season.objects.current() is None
    assert Season.objects.get().is_finished


def test_a_season_cannot_end_before_it_starts():
    season = Season(name="Bad", slug="bad", start=TODAY, end=TODAY - datetime.timedelta(days=1))
    with pytest.raises(ValidationError):
        season.full_clean()


def test_home_shows_the_current_season_and_its_leaders(client):
    SeasonFactory(name="Spring", start=TODAY - datetime.timedelta(days=30), end=TODAY)
    game(seats=[seat("Ann")], played_on=TODAY)
    html = client.get(reverse("league:home")).content.decode()
    assert "Spring" in html
    assert "?season=spring" in html
    assert "Ann" in html


def test_staff_add_a_season_in_the_admin(client):
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    response = client.post(
        reverse("admin:league_season_add"),
        {
            "league": first_league().pk,
            "name": "Autumn 2025",
            "slug": "autumn-2025",
            "start": "2025-09-01",
            "end": "2025-11-30",
        },
    )
    assert response.status_code == 302
    assert Season.objects.get().slug == "autumn-2025"
    assert client.get(reverse("admin:league_season_changelist")).status_code == 200


@pytest.mark.parametrize("name", ["league:leaderboard", "league:standings"])
def test_tables_filter_by_season(client, name):
    SeasonFactory(name="2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31))
    game(seats=[seat("Ann")], played_on=datetime.date(2025, 3, 1), created_at=submitted(2025, 3, 2))
    game(seats=[seat("Bob", "Bob Jenkins")], played_on=datetime.date(2026, 1, 2))
    response = client.get(reverse(name), {"season": "2025"})
    assert len(response.context["table"].paginated_rows) == 1


def submitted(*day: int) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime(*day, 21, 0))


def season_rows(client, name: str, season: str) -> list:
    response = client.get(reverse(name), {"season": season})
    return [row.record.pk for row in response.context["table"].paginated_rows]


@pytest.mark.parametrize("name", ["league:leaderboard", "league:standings"])
def test_a_finished_seasons_tables_stay_as_they_were(client, name, settings):
    # The tables themselves (their context): a later game rightly leaves this season's
    # cached page a hit, which carries no context.
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    SeasonFactory(name="2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31))
    game(seats=[seat("Ann")], played_on=datetime.date(2025, 6, 1), created_at=submitted(2025, 6, 1))
    # Submitted on the last evening: it still counts.
    game(
        seats=[seat("Cy", "Vincent Lee")],
        played_on=datetime.date(2025, 12, 31),
        created_at=submitted(2025, 12, 31),
    )
    before = season_rows(client, name, "2025")
    assert len(before) == 2
    # A game backdated into the finished season but submitted now changes nothing there...
    game(
        seats=[seat("Bob", "Bob Jenkins")],
        played_on=datetime.date(2025, 6, 1),
        created_at=timezone.now(),
    )
    assert season_rows(client, name, "2025") == before
    # ...yet it counts all-time.
    all_time = client.get(reverse(name)).context["table"].paginated_rows
    assert len(all_time) == 3


def test_a_running_season_takes_late_submissions(client):
    SeasonFactory(name="Now", start=TODAY - datetime.timedelta(days=30), end=TODAY)
    game(seats=[seat("Ann")], played_on=TODAY - datetime.timedelta(days=20))
    assert len(season_rows(client, "league:standings", "now")) == 1
