"""The admin of league play: teams with members, scenarios with tasks, series."""

import pytest

from games.models import AncientOne, Box, Scenario
from tests.addresses import reverse
from tests.factories import (
    SeriesFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    scenario,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def test_changelists_search_and_filter(staff_client):
    owls = TeamFactory(name="Night Owls", members=["Ann"])
    game(team=owls)
    game()
    series = SeriesFactory(name="League session 2", slug="league-session-2")
    scenario("The Stars Are Right", series=series)
    pages = [
        (reverse("admin:games_team_changelist"), {"q": "Ann"}, "Night Owls"),
        (reverse("admin:games_scenario_changelist"), {"series__id__exact": series.pk}, "Stars"),
        (reverse("admin:games_series_changelist"), {"q": "session"}, "League session 2"),
        (reverse("admin:games_session_changelist"), {"q": "Owls"}, "1 game"),
    ]
    for url, query, text in pages:
        response = staff_client.get(url, query)
        assert response.status_code == 200
        assert text in response.content.decode()


def test_team_and_scenario_pages_show_their_inlines(staff_client):
    team = TeamFactory(name="Night Owls", members=["Ann"])
    stars = scenario("The Stars Are Right")
    html = staff_client.get(reverse("admin:games_team_change", args=[team.pk])).content.decode()
    assert "members" in html.lower() and "Ann" in html
    html = staff_client.get(reverse("admin:games_scenario_change", args=[stars.pk])).content
    assert b"Close the Unvisited Isle" in html


def test_a_scenario_no_game_could_fit_is_refused(staff_client):
    base = Box.objects.get(name="Arkham Horror")
    kingsport = Box.objects.get(name="Kingsport Horror")
    data = {
        "league": first_league().pk,
        "name": "Impossible",
        "slug": "impossible",
        "order": 1,
        "briefing": "",
        "ancient_ones": [AncientOne.objects.get(name="Cthulhu").pk],
        "boxes_required": [base.pk, kingsport.pk],
        "boxes_allowed": [base.pk],
        "investigators_min": 2,
        "investigators_max": 8,
        "opens_at_0": "2026-03-01",
        "opens_at_1": "18:00",
        "closes_at_0": "2026-03-15",
        "closes_at_1": "18:00",
        "tasks-TOTAL_FORMS": 0,
        "tasks-INITIAL_FORMS": 0,
    }
    response = staff_client.post(reverse("admin:games_scenario_add"), data)
    assert response.status_code == 200
    assert "Required boxes must also be allowed: Kingsport Horror." in response.content.decode()
    assert not Scenario.objects.exists()
    data["boxes_required"] = [base.pk]
    response = staff_client.post(reverse("admin:games_scenario_add"), data)
    assert response.status_code == 302
    assert Scenario.objects.get().boxes_allowed.get() == base


def test_a_games_tasks_are_grouped_under_their_scenarios(staff_client):
    stars = scenario("The Stars Are Right", tasks=["Seal two gates", "Win"])
    scenario("Whispers Beneath", tasks=["Win", "Close the Witch House"])
    played = game(scenario=stars)
    url = reverse("admin:games_session_change", args=[played.pk])
    html = staff_client.get(url).content.decode()
    start = html.index('id="id_tasks_done"')
    tasks = html[start : html.index("</fieldset>", start)]
    # Each scenario's name, then its own tasks: the two "Win" tasks tell apart.
    order = ["The Stars Are Right", "Seal two gates", "Win", "Whispers Beneath", "Win"]
    positions = [tasks.index("<label>The Stars Are Right</label>")]
    for text in order[1:]:
        positions.append(tasks.index(text, positions[-1] + 1))
    assert positions == sorted(positions)
    assert "<label>Whispers Beneath</label>" in tasks
