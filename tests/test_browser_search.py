"""The navigation's search box in a real Chromium, with the keyboard alone: from any page
to a player's page, on a phone screen too."""

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def league(catalog_rows):
    game(seats=[seat("Élodie Dupré", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    game(status="pending", seats=[seat("Élise Hidden", "Amanda Sharpe")])


def tab_to(page, target, most=60) -> None:
    """Press Tab from where the focus is until ``target`` has it: no mouse, no script."""
    for _ in range(most):
        if target.evaluate("element => element === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(target).to_be_focused()


@pytest.mark.parametrize("width", [375, 1280])
def test_a_visitor_types_a_name_in_the_nav_box_and_reaches_the_players_page(
    browser, live_server, league, width
):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(live_server.url + reverse("league:rules"))
    box = page.get_by_role("searchbox", name="Search players, teams")
    tab_to(page, box)
    page.keyboard.type("elodie")  # no accent, lower case
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + reverse("league:search") + "?q=elodie")
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    expect(page.get_by_text("Élise Hidden")).to_have_count(0)  # pending only: private
    tab_to(page, page.get_by_role("link", name="Élodie Dupré"))
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + reverse("league:player", args=["élodie-dupré"]))
    expect(page.get_by_role("heading", level=1)).to_have_text("Élodie Dupré")
    scroll = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert page.evaluate(scroll) <= 0
    context.close()
