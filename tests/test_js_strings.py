"""The scripts' texts (league/pages/js_strings.py): in every page, in its language, and
static/js/strings.js's English copy (used where a page has none) the same as the server's."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from league.pages import js_strings
from tests.addresses import reverse

STRINGS_JS = Path(settings.BASE_DIR) / "static" / "js" / "strings.js"
SCRIPTS = Path(settings.BASE_DIR) / "static" / "js"


def page_texts(html: str) -> dict:
    found = re.search(r'<script id="league-strings" type="application/json">(.*?)</script>', html)
    return json.loads(found[1])


@pytest.mark.django_db
def test_every_page_carries_the_texts_before_the_scripts(client):
    html = client.get(reverse("league:home")).content.decode()
    assert page_texts(html) == js_strings.for_page()
    places = [html.index(mark) for mark in ('id="league-strings"', "js/strings.js", "js/offline")]
    assert places == sorted(places)


def test_the_scripts_english_copy_is_the_servers_english():
    source = STRINGS_JS.read_text()
    copy = source.split("const ENGLISH = ", 1)[1].split("\n  };\n", 1)[0] + "\n}"
    copy = re.sub(r",\n}$", "\n}", copy)  # the object's last comma
    with translation.override("en"):
        assert json.loads(copy) == js_strings.for_page()["texts"]


def test_every_id_a_script_asks_for_is_a_text():
    asked = set()
    for script in SCRIPTS.glob("*.js"):
        source = script.read_text()
        asked |= set(re.findall(r'(?:text|parts|say)\(\s*"(\w+)"(?!\s*\+)', source))
        asked |= {"name_" + n for n in re.findall(r'requireRange\("(\w+)"', source)}
        asked |= {"term_" + n for n in re.findall(r'term\("(\w+)"', source)}
    texts = js_strings.for_page()["texts"]
    assert asked - set(texts) == set()
    assert {"lost_when_awoken", "scroll_sideways"} <= asked


def test_a_plural_is_sent_as_each_form_with_the_first_count_taking_it(monkeypatch):
    def polish(n):  # gettext's Plural-Forms of Polish
        if n == 1:
            return "one"
        return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"

    monkeypatch.setattr(js_strings, "PLURALS", {"games": polish})
    with translation.override("pl"):
        sent = js_strings.for_page()
    assert sent["language"] == "pl"
    assert sent["texts"]["games"] == [[1, "one"], [2, "few"], [5, "many"]]


def test_the_english_plural_forms():
    with translation.override("en"):
        forms = js_strings.for_page()["texts"]["queue_to_fix"]
    assert forms == [[1, "%(count)s game needs a fix"], [2, "%(count)s games need a fix"]]
