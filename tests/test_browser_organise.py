"""An organiser makes a league scenario on a phone, in a real Chromium: a mistake comes back
with what they typed and a message at the field; saved, the scenario is on the league's
pages."""

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import organiser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PASSWORD = "correct-horse-battery"  # UserFactory's
PHONE = {"width": 375, "height": 740}


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_an_organiser_makes_a_scenario_on_a_phone(page, live_server, catalog_rows):
    organiser("orla")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("orla")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    expect(page.get_by_role("button", name="Log out")).to_be_visible()

    page.goto(live_server.url + reverse("league:organise_scenarios"))
    page.get_by_role("link", name="New scenario").click()
    assert no_sideways_scroll(page)
    page.get_by_label("Name").fill("The Dunwich night")
    page.get_by_label("Briefing").fill("Three nights in Dunwich.")
    page.get_by_label("Opens at").fill("2026-12-10T18:00")
    page.get_by_label("Closes at").fill("2026-12-01T18:00")  # before it opens: refused
    page.get_by_role("checkbox", name="Yog-Sothoth").check()
    page.get_by_role("textbox", name="Text").first.fill("Seal the gate at the Unvisited Isle")
    page.get_by_role("textbox", name="Text").nth(1).fill("Nobody is devoured")
    page.get_by_role("button", name="Save the scenario").press("Enter")

    expect(page.get_by_role("alert")).to_contain_text("not saved")
    expect(page.get_by_text("A scenario must close after it opens.")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("The Dunwich night")
    expect(page.get_by_role("textbox", name="Text").nth(1)).to_have_value("Nobody is devoured")
    expect(page.get_by_role("checkbox", name="Yog-Sothoth")).to_be_checked()
    assert no_sideways_scroll(page)

    page.get_by_label("Closes at").fill("2026-12-31T23:00")
    page.get_by_role("button", name="Save the scenario").press("Enter")
    expect(page.get_by_role("link", name="The Dunwich night", exact=True)).to_be_visible()
    page.get_by_role("link", name="The Dunwich night", exact=True).click()
    expect(page.get_by_text("Seal the gate at the Unvisited Isle")).to_be_visible()
    expect(page.get_by_text("Nobody is devoured")).to_be_visible()
    assert no_sideways_scroll(page)
