"""Choosing a language: the address's prefix, the cookie, the browser, a member's profile;
every page's address in each language; a cached copy per language."""

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games.models import Profile
from tests.addresses import reverse
from tests.factories import UserFactory, game

pytestmark = pytest.mark.django_db

CODES = [code for code, _ in settings.LANGUAGES]


@pytest.fixture
def played(db):
    game()


@pytest.mark.parametrize(
    ("headers", "cookie", "expected"),
    [
        ({}, None, "en"),
        ({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, None, "de"),
        ({"Accept-Language": "pl"}, None, "pl"),
        ({"Accept-Language": "it, es;q=0.8"}, None, "es"),
        ({"Accept-Language": "it"}, None, "en"),
        ({"Accept-Language": "de"}, "fr", "fr"),
        ({"Accept-Language": "de"}, "xx", "de"),
    ],
)
def test_an_address_without_a_prefix_leads_to_the_readers_language(
    client, played, headers, cookie, expected
):
    if cookie:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    response = client.get("/l/arkham/leaderboard/?sort=-score", headers=headers)
    assert response.status_code == 302
    assert response["Location"] == f"/{expected}/l/arkham/leaderboard/?sort=-score"


@pytest.mark.parametrize("code", CODES)
def test_a_page_speaks_its_prefixs_language_and_links_within_it(client, played, code):
    with translation.override(code):
        url = reverse("league:leaderboard")
        standings = reverse("league:standings")
    assert url == f"/{code}/l/arkham/leaderboard/"
    page = client.get(url, headers={"Accept-Language": "pl" if code != "pl" else "de"})
    html = page.content.decode()
    assert page.status_code == 200
    assert f'<html lang="{code}">' in html
    assert f'href="{standings}"' in html


def test_every_page_names_its_address_in_each_language(client, played):
    html = client.get("/fr/l/arkham/leaderboard/?sort=-score").content.decode()
    for code in CODES:
        assert (
            f'<link rel="alternate" hreflang="{code}" '
            f'href="http://testserver/{code}/l/arkham/leaderboard/?sort=-score">'
        ) in html
    assert (
        '<link rel="alternate" hreflang="x-default" href="http://testserver/l/arkham/leaderboard/?sort=-score">'
        in html
    )


def test_the_footer_switch_remembers_a_visitors_choice_in_the_cookie(client, played):
    form = client.get("/en/l/arkham/leaderboard/").content.decode()
    assert 'action="/language/"' in form and '<option value="de" lang="de">Deutsch</option>' in form
    response = client.post(
        "/language/", {"language": "de", "next": "/en/l/arkham/leaderboard/?page=1"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/de/l/arkham/leaderboard/?page=1"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    again = client.get("/l/arkham/players/")
    assert again["Location"] == "/de/l/arkham/players/"


def test_a_language_the_site_does_not_speak_changes_nothing(client, played):
    response = client.post("/language/", {"language": "it", "next": "/en/"})
    assert response.status_code == 400
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert client.get("/", headers={"Accept-Language": "en"})["Location"] == "/en/"


def test_a_members_choice_is_kept_in_their_profile_and_comes_back_at_log_in(played):
    member = UserFactory(username="ann")
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(member)
    page = phone.get("/en/l/arkham/leaderboard/")
    token = page.cookies["csrftoken"].value if "csrftoken" in page.cookies else None
    assert token, "a member's footer form carries the CSRF token"
    refused = phone.post("/language/", {"language": "pl", "next": "/en/"})
    assert refused.status_code == 403
    assert not Profile.objects.filter(user=member).exists()
    chosen = phone.post(
        "/language/", {"language": "pl", "next": "/en/"}, headers={"X-CSRFToken": token}
    )
    assert chosen["Location"] == "/pl/"
    assert Profile.language_of(member) == "pl"

    laptop = Client()
    login = laptop.post(
        "/en/accounts/login/?next=/en/l/arkham/leaderboard/",
        {"username": "ann", "password": "correct-horse-battery"},
    )
    assert login.status_code == 302
    assert login["Location"] == "/pl/l/arkham/leaderboard/"
    assert login.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"


def test_two_languages_never_share_a_cached_copy(client, played):
    english, german = "/en/l/arkham/leaderboard/", "/de/l/arkham/leaderboard/"
    assert client.get(english)["X-Cache"] == "miss"
    first_german = client.get(german)
    assert first_german["X-Cache"] == "miss"
    assert client.get(english)["X-Cache"] == "hit"
    hit = client.get(german)
    assert hit["X-Cache"] == "hit"
    assert '<html lang="de">' in hit.content.decode()
    assert hit.content == first_german.content


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("en", "No season is called “autumn”."),
        ("de-DE,de;q=0.9", "Keine Saison heißt „autumn“."),
        ("pl", "Żaden sezon nie nazywa się „autumn”."),
    ],
)
def test_the_apis_messages_speak_the_callers_language(client, played, accept, expected):
    """The API keeps one address; its messages follow Accept-Language (its keys do not)."""
    response = client.get("/api/standings?season=autumn", headers={"Accept-Language": accept})
    assert response.status_code == 422
    assert response.json() == {"detail": expected}


def test_a_pages_fragments_are_kept_per_language(client, played):
    """The player's summaries are a fragment kept under the page's versions: the German
    page, rendered after the English one, has its own."""
    english = client.get("/en/l/arkham/players/ann/").content.decode()
    german = client.get("/de/l/arkham/players/ann/").content.decode()
    assert "best score," in english and "beste Punktzahl" not in english
    assert "beste Punktzahl" in german and "best score," not in german
