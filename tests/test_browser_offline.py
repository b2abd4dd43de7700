"""The installable app in a real Chromium: manifest, service worker, offline pages."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def wait_for_worker(page):
    """Until the service worker controls the page (its first visit installs it)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")


def test_install_prerequisites(page, live_server, catalog_rows):
    page.goto(live_server.url + reverse("league:home"))
    manifest_url = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(live_server.url + manifest_url).json()
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        response = page.request.get(live_server.url + icon["src"])
        assert response.ok and response.headers["content-type"] == "image/png"
    scope = page.evaluate("navigator.serviceWorker.ready.then(function (r) { return r.scope; })")
    assert scope == live_server.url + "/"
    page.reload()
    wait_for_worker(page)


def test_offline_a_visited_page_is_a_saved_copy_and_others_the_offline_page(
    page, context, live_server, catalog_rows
):
    page.goto(live_server.url + reverse("league:home"))
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    wait_for_worker(page)
    page.goto(live_server.url + reverse("league:rules"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    context.set_offline(True)
    page.goto(live_server.url + reverse("league:rules"))
    expect(page.locator(".saved-copy")).to_contain_text("Saved copy from")
    page.goto(live_server.url + reverse("league:heralds"))
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
