"""Pages under the Content-Security-Policy in a real Chromium (issue table row 12).

Every browser test fails on a CSP violation (``csp_violations`` in conftest); these add the
Django admin's busiest pages, and show the watcher does catch a violation.
"""

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import UserFactory, game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PASSWORD = "correct-horse-battery"


@pytest.fixture
def admin_page(page, live_server, catalog_rows):
    """A superuser logged in through the admin's own log-in page."""
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    page.goto(live_server.url + reverse("admin:login"))
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    return page


def test_the_admin_game_pages_work_under_the_policy(admin_page, live_server):
    session = game()
    page = admin_page
    page.goto(live_server.url + reverse("admin:games_session_changelist"))
    expect(page.locator("#result_list")).to_be_visible()
    page.goto(live_server.url + reverse("admin:games_session_change", args=[session.pk]))
    page.locator(".add-row a").click()  # inline formset script
    expect(page.locator(".dynamic-seats")).to_have_count(3)
    page.locator(".dynamic-seats .select2-selection").first.click()  # autocomplete widget
    expect(page.locator(".select2-search__field")).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Save and continue editing").click()
    page.goto(live_server.url + reverse("admin:games_session_history", args=[session.pk]))
    expect(page.locator("#change-history")).to_be_visible()
    page.goto(live_server.url + reverse("admin:axes_accessattempt_changelist"))
    expect(page.get_by_role("heading", name="Select access attempt to change")).to_be_visible()


def test_the_watcher_catches_a_blocked_inline_handler(page, live_server, csp_violations):
    page.goto(live_server.url + reverse("league:home"))
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<img src=\"/x.png\" onerror=\"1\">')"
    )
    page.wait_for_timeout(300)  # the console message arrives asynchronously
    assert any("Content Security Policy" in v for v in csp_violations)
    csp_violations.clear()  # expected here: the teardown check is for every other test
