"""The main navigation in a real Chromium (issue 30): on a 375 px phone its links fold
under a "Menu" disclosure (no script) that a keyboard opens and walks; from 40rem up they
all show, with no "Menu". Series, Rules and the API are among them."""

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import organiser
from tests.test_browser_accessibility import PASSWORD, log_in
from tests.test_browser_phone import DESKTOP, PHONE

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

EVERYONE = [
    "Leagues",
    "Home",
    "Leaderboard",
    "Standings",
    "Teams",
    "Scenarios",
    "Ancient Ones",
    "Investigators",
    "Heralds",
    "Boxes",
    "Series",
    "Rules",
    "API",
]


def nav_links(page):
    return page.get_by_role("navigation", name="Main").locator(".nav-links a")


def header_height(page) -> float:
    return page.locator(".site-header").bounding_box()["height"]


def test_on_a_phone_the_links_fold_under_a_menu_a_keyboard_opens(browser, live_server):
    organiser("olga", password=PASSWORD)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, live_server.url, "olga")
    page.goto(live_server.url + reverse("league:home"))
    menu = page.get_by_text("Menu", exact=True)
    expect(menu).to_be_visible()
    expect(nav_links(page).first).to_be_hidden()
    # Brand, Menu and Log out on one line, the search box under them: no longer a third of
    # the screen.
    closed = header_height(page)
    assert closed <= 120, closed
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.screenshot(path="/tmp/nav-phone-closed.png")

    # Keyboard only: Tab past the skip link and the brand to "Menu", Enter opens it.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator("summary:focus")).to_have_text("Menu")
    page.keyboard.press("Enter")
    # An organiser moderates their league too: its queue shows.
    labels = [*EVERYONE, "Record a game", "My games", "Pending (0)", "Organise"]
    expect(nav_links(page)).to_have_text(labels)
    for link in nav_links(page).all():
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path="/tmp/nav-phone-open.png")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Leagues")
    for _ in range(labels.index("Rules")):
        page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Rules")
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + reverse("league:rules"))
    expect(nav_links(page).first).to_be_hidden()  # a new page starts with the menu shut
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def test_on_a_wide_screen_every_link_shows_and_there_is_no_menu(browser, live_server):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + reverse("league:home"))
    expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    expect(nav_links(page)).to_have_text([*EVERYONE, "Sign up"])
    for link in nav_links(page).all():
        expect(link).to_be_visible()
    page.screenshot(path="/tmp/nav-desktop.png")
    # The keyboard goes from the brand straight to the links.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Leagues")
    page.get_by_role("link", name="Series").click()
    expect(page).to_have_url(live_server.url + reverse("league:series_list"))
    page.get_by_role("link", name="API").click()
    expect(page).to_have_url(live_server.url + "/api/docs")
    context.close()
