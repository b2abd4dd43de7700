"""The installable app's server side: manifest, service worker, offline page, account key."""

import json
import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.templatetags.static import static
from django.utils import translation

from league.pages import offline
from tests.addresses import reverse
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_manifest_has_what_installing_needs(client):
    response = client.get(reverse("offline:manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["display"] == "standalone"
    assert data["start_url"] == "/en/"  # the home page in the language it was installed in
    assert data["theme_color"] == offline.THEME_COLOR
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    assert data["lang"] == "en"
    for icon in data["icons"]:
        png = finders.find(icon["src"].removeprefix(static("")))
        with open(png, "rb") as file:
            head = file.read(24)
        size = int(icon["sizes"].split("x")[0])
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(head[16:20]) == size and int.from_bytes(head[20:24]) == size


def test_the_manifest_is_in_the_language_asked_for(client):
    """A browser fetches the manifest without cookies: the page's language comes as ?lang=."""
    german = json.loads(client.get(reverse("offline:manifest") + "?lang=de").content)
    assert german["lang"] == "de"
    with translation.override("de"):
        assert german["start_url"] == reverse("leagues")  # the site's home: its leagues
    unknown = json.loads(client.get(reverse("offline:manifest") + "?lang=xx").content)
    assert unknown["lang"] == "en"


def test_every_page_links_the_manifest_and_the_theme_color(client):
    html = client.get(reverse("league:home")).content.decode()
    assert f'<link rel="manifest" href="{reverse("offline:manifest")}?lang=en">' in html
    assert '<meta name="theme-color" content="#2f5d50">' in html
    assert f'data-worker="{reverse("offline:worker")}"' in html


def test_the_worker_is_served_at_the_root_with_its_version(client):
    response = client.get(reverse("offline:worker"))
    assert reverse("offline:worker") == "/service-worker.js"
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    first_line, source = response.content.decode().split("\n", 1)
    config = json.loads(first_line.removeprefix("const CONFIG = ").removesuffix(";"))
    # The offline page and the result form in every language: the worker is one script.
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            assert config["offline"][code] == reverse("league:offline")
            assert re.match(config["formPattern"], reverse("games:new"))
            assert re.match(config["formPattern"], reverse("games:new", args=["saturday-club"]))
            assert not re.match(config["formPattern"], reverse("games:mine"))
    assert config["language"] == settings.LANGUAGE_CODE
    assert config["stringsScript"] == static("js/strings.js")
    assert "/static/css/site.css" in config["static"]
    assert 'self.addEventListener("fetch"' in source


def test_the_worker_is_served_with_the_production_storage(client, settings, tmp_path):
    """DEBUG off, static files have hashed names from collectstatic's manifest: the worker
    keeps each file under that name and its own (Lighthouse found this answered 500)."""
    manifest_storage = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": manifest_storage}}
    call_command("collectstatic", interactive=False, verbosity=0)
    response = client.get(reverse("offline:worker"))
    assert response.status_code == 200
    config = json.loads(response.content.decode().split("\n", 1)[0][len("const CONFIG = ") : -1])
    hashed = static("css/site.css")
    assert hashed != "/static/css/site.css"
    assert {hashed, "/static/css/site.css"} <= set(config["static"])
    assert config["staticPrefix"] == "/static/"


def test_the_version_changes_with_a_static_file(monkeypatch):
    before = offline.worker_config()["version"]
    real = offline.read_static

    def changed(path):
        return real(path) + (b"/* changed */" if path == "css/site.css" else b"")

    monkeypatch.setattr(offline, "read_static", changed)
    assert offline.worker_config()["version"] != before


def test_the_offline_page_says_what_works(client):
    response = client.get(reverse("league:offline"))
    assert response.status_code == 200
    assert "You are offline" in response.content.decode()


def test_the_send_token_names_the_form_and_log_in_in_every_language(client):
    token = client.get(reverse("offline:token")).json()
    assert token["form"] == reverse("games:new")
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            assert reverse("games:new") in token["forms"]
            assert reverse("login") in token["logins"]


def test_the_account_key_is_opaque_and_per_account(client):
    def key():
        html = client.get(reverse("league:home")).content.decode()
        return html.split('data-offline-account="', 1)[1].split('"', 1)[0]

    assert key() == ""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    client.force_login(ann)
    ann_key = key()
    client.force_login(bob)
    bob_key = key()
    assert ann_key and bob_key and ann_key != bob_key
    assert "ann" not in ann_key and str(ann.pk) != ann_key
