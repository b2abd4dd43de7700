"""Scenarios and teams in a real Chromium: record a team's scenario game, refusals, 375 px."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, SeriesFactory, TeamFactory, UserFactory, game, scenario
from tests.test_browser_submit import PASSWORD, fill_seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def member(page, live_server, catalog_rows):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return user


@pytest.fixture
def stars(catalog_rows):
    series = SeriesFactory(name="League session 2", slug="league-session-2")
    return scenario(
        "The Stars Are Right",
        required=("Arkham Horror", "Dunwich Horror"),
        allowed=("Arkham Horror", "Dunwich Horror"),
        investigators_min=2,
        series=series,
    )


def test_record_a_scenario_game_as_a_team_with_two_tasks_and_see_it_on_the_board(
    page, live_server, member, stars, settings
):
    settings.LEAGUE_AUTO_APPROVE = True
    TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    page.goto(live_server.url + reverse("games:new"))
    tasks = page.locator("#scenario-tasks")
    expect(tasks).to_be_hidden()
    page.get_by_label("Scenario (optional)").select_option(label="The Stars Are Right")
    # The scenario sets its boxes and its only Ancient One, and shows its own tasks.
    expect(page.get_by_label("Dunwich Horror")).to_be_checked()
    expect(page.get_by_label("Kingsport Horror")).to_be_hidden()
    expect(page.get_by_label("Ancient One", exact=True)).to_have_value(
        str(stars.ancient_ones.get().pk)
    )
    expect(tasks).to_be_visible()
    page.get_by_label("Played as team (optional)").select_option(label="Night Owls")
    page.get_by_label("Close the Unvisited Isle").check()
    page.get_by_label("Keep the terror below 3").check()
    page.locator('input[name="outcome"][value="sealed"]').check()
    page.get_by_label("Elder sign tokens on the board").fill("6")
    page.get_by_label("Terror level at the end").fill("2")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=1)
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)")
    # Cthulhu 13 - 2 terror + 1 gate trophy + 2 survivors = 14; two tasks: 16.
    expect(page.get_by_test_id("preview-score")).to_have_text("14")
    expect(page.get_by_test_id("preview-tasks")).to_have_text("2")
    expect(page.get_by_test_id("preview-scenario-score")).to_have_text("16")
    page.get_by_role("button", name="Save the game").click()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.get_by_test_id("scenario-score")).to_have_text("16")
    expect(page.get_by_test_id("tasks-done").locator("li")).to_have_count(2)
    page.get_by_role("link", name="The Stars Are Right").first.click()
    board = page.locator("table").last
    expect(board).to_contain_text("Night Owls")
    expect(board.locator("tbody tr").first).to_contain_text("16")


def test_a_refused_scenario_game_keeps_its_input(page, live_server, member, catalog_rows):
    table = scenario("Big table", investigators_min=3)
    page.goto(live_server.url + reverse("games:new"))
    page.get_by_label("Scenario (optional)").select_option(label="Big table")
    page.get_by_label("Close the Unvisited Isle").check()
    page.locator('input[name="outcome"][value="sealed"]').check()
    page.get_by_label("Elder sign tokens on the board").fill("6")
    page.get_by_label("Terror level at the end").fill("4")
    page.get_by_label("Where you played (optional)").fill("Club night")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=2)
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)")
    page.get_by_role("button", name="Save the game").click()

    expect(page.locator("#seat-errors")).to_contain_text("played by 3 to 8 investigators")
    expect(page.locator("#form-errors")).to_be_visible()
    expect(page.get_by_label("Scenario (optional)")).to_have_value(str(table.pk))
    expect(page.get_by_label("Close the Unvisited Isle")).to_be_checked()
    expect(page.get_by_label("Where you played (optional)")).to_have_value("Club night")
    expect(page.get_by_label("Terror level at the end")).to_have_value("4")
    expect(page.locator('[name="seats-1-player_name"]')).to_have_value("Bob")
    assert Session.objects.count() == 0


def test_the_new_pages_fit_a_phone(page, live_server, member, stars):
    owls = TeamFactory(name="The Unvisited Isle Rowing Club", members=["Ann", "Bob"])
    owls.captain = member
    owls.save()
    game(scenario=stars, team=owls, boxes=("Arkham Horror", "Dunwich Horror"))
    page.set_viewport_size({"width": 375, "height": 800})
    for url in (
        reverse("league:teams"),
        reverse("league:team", args=[owls.slug]),
        reverse("league:team_members", args=[owls.slug]),
        reverse("league:team_member_remove", args=[owls.slug, owls.members.get(name="Ann").pk]),
        reverse("league:team_new"),
        reverse("league:scenarios"),
        reverse("league:scenario", args=[stars.slug]),
        reverse("league:series", args=[stars.series.slug]),
        reverse("games:new"),
    ):
        page.goto(live_server.url + url)
        expect(page.locator("h1")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, (url, width)
