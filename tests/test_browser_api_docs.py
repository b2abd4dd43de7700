"""The API's interactive docs (/api/docs) in a real Chromium, under the site's CSP.

Swagger UI comes from django-ninja's static files; the page must render its operations with
no Content-Security-Policy violation (``csp_violations`` in conftest fails the test on any).
"""

import pytest
from playwright.sync_api import expect

from tests.factories import game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_the_api_docs_render_swagger_ui_under_the_policy(page, live_server, catalog_rows):
    game()
    response = page.goto(live_server.url + "/api/docs")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Arkham League API")
    expect(page.locator(".opblock-summary-path", has_text="/api/teams/{slug}")).to_be_visible()
    page.locator(".opblock-summary-path", has_text="/api/scenarios").first.click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    # The live answer's table (after the documented ones' header row "Code").
    live = page.locator(".live-responses-table .response .response-col_status")
    expect(live).to_contain_text("200")
    # Only this page lets the stylesheet's data: icons in; the site stays strict.
    assert "img-src 'self' data:" in response.headers["content-security-policy"]
    home = page.request.get(live_server.url + "/")
    assert "data:" not in home.headers["content-security-policy"]


# Rules the Swagger UI widget itself breaks, in markup and colours it draws (django-ninja's
# bundled swagger-ui): GET badges and URLs below 4.5:1, a copy button nested in the
# operation's expand button, tag headings starting at h3.
# It is a developer's page, not one a league member meets; the page's own shell (language,
# title, main landmark) is ours and checked, as is everything else axe knows.
SWAGGER_UI_OWN = ("color-contrast", "nested-interactive", "heading-order")


def test_the_api_docs_pass_axe_but_for_swagger_uis_own_markup(browser, live_server, catalog_rows):
    from tests.test_browser_accessibility import AXE, WIDTHS

    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 800}, bypass_csp=True)
        page = context.new_page()
        page.goto(live_server.url + "/api/docs")
        expect(page.locator(".opblock-summary-path").first).to_be_visible()
        page.add_script_tag(path=str(AXE))
        rules = {rule: {"enabled": False} for rule in SWAGGER_UI_OWN}
        result = page.evaluate(
            "async (rules) => await axe.run(document, {resultTypes: ['violations'], rules})",
            rules,
        )
        assert [v["id"] for v in result["violations"]] == [], width
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{overflow} px wider than a {width} px screen"
        context.close()
