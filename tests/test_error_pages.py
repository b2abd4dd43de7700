"""400, 403, 404 and 500 inside the site's layout, with its navigation; a favicon."""

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from tests.addresses import reverse
from tests.factories import UserFactory, game, seat

pytestmark = pytest.mark.django_db

NAV = (
    'aria-label="Main"',
    'href="/en/l/arkham/leaderboard/"',
    'href="/en/l/arkham/ancient-ones/"',
    'href="/en/l/arkham/rules/"',
)


def assert_in_layout(html):
    for part in NAV:
        assert part in html
    assert "site.css" in html and "favicon.svg" in html


def test_not_found_is_inside_the_layout(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Nothing here" in html
    assert_in_layout(html)


def test_forbidden_is_inside_the_layout(client):
    # An approved game: only staff may withdraw it.
    session = game(submitted_by=UserFactory(username="sub"), seats=[seat("Ann", "Amanda Sharpe")])
    client.force_login(UserFactory(username="other"))
    response = client.get(reverse("games:withdraw", kwargs={"pk": session.pk}))
    assert response.status_code == 403
    html = response.content.decode()
    assert "You cannot do that here" in html
    assert_in_layout(html)
    assert "Log out" in html  # the request context still runs on a 403


def test_server_error_renders_without_any_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert_in_layout(html)


def test_an_oversized_body_gets_the_sites_own_400_page(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post(reverse("login"), data={"username": "x" * 5000, "password": "y"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "This request could not be read" in html and "Nothing was saved" in html
    assert_in_layout(html)


def test_a_host_the_site_does_not_serve_gets_the_sites_own_400_page():
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="evil.example.com")
    assert response.status_code == 400
    html = response.content.decode()
    assert "This request could not be read" in html
    assert_in_layout(html)
    assert "evil.example.com" not in html


def test_the_favicon_is_served_from_static():
    assert finders.find("favicon.svg")
