"""The layout's context processors answer once per request, however many tables a page
renders (django-tables2 renders each one with the request, running them again)."""

import pytest
from django.test import override_settings

from league import context_processors
from tests.addresses import reverse
from tests.factories import demo_league

pytestmark = pytest.mark.django_db


def test_a_page_of_several_tables_builds_its_navigation_once(client, monkeypatch):
    demo_league(30, seed=2)
    calls = []
    original = context_processors.nav_links
    monkeypatch.setattr(
        context_processors, "nav_links", lambda request=None: calls.append(1) or original(request)
    )
    from games.models import InvestigatorStanding

    busiest = InvestigatorStanding.objects.filter(scope=0).order_by("-games", "pk").first()
    with override_settings(LEAGUE_PAGE_CACHE_SECONDS=0):
        response = client.get(busiest.investigator.get_absolute_url())
        assert response.status_code == 200 and response.content.count(b"<table") >= 3
        assert len(calls) == 1
        client.get(reverse("league:leaderboard"))
    assert len(calls) == 2  # and once again for the next request


def test_series_rules_and_the_api_are_in_everyones_navigation(client):
    html = client.get(reverse("league:home")).content.decode()
    nav = html[html.index('<nav class="nav"') : html.index("</nav>")]
    for url, label in [
        (reverse("league:series_list"), "Series"),
        (reverse("league:rules"), "Rules"),
        (reverse("api:openapi-view"), "API"),
    ]:
        assert f'<a href="{url}">{label}</a>' in nav
    assert '<details class="nav-menu" data-testid="nav-menu">' in nav
    assert "<summary>Menu</summary>" in nav
