"""The five catalogues are complete: every message of the code is in each, translated, none
fuzzy, with the language's plural forms; and Django reads them (make test compiles them)."""

import contextlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

BASE = Path(settings.BASE_DIR)
CODES = [code for code, _ in settings.LANGUAGES]
SOURCES = ("league", "games", "templates", "locale")
IGNORED = ["tests/*", "bench/*", ".venv/*", "staticfiles/*", "node_modules/*"]
PLURALS = {"en": 2, "de": 2, "fr": 2, "es": 2, "pl": 3}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    """The catalogues as ``make messages`` would leave them: makemessages run on a copy of
    the project, so a message the code has and a catalogue lacks shows up untranslated."""
    root = tmp_path_factory.mktemp("project")
    for part in SOURCES:
        shutil.copytree(BASE / part, root / part)
    with override_settings(LOCALE_PATHS=[root / "locale"]), contextlib.chdir(root):
        call_command(
            "makemessages", locale=CODES, ignore_patterns=IGNORED, no_obsolete=True, verbosity=0
        )
    return root / "locale"


def statistics(catalogue: Path) -> str:
    checked = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    return checked.stderr.strip()


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated_and_none_fuzzy(extracted, code):
    report = statistics(extracted / code / "LC_MESSAGES" / "django.po")
    assert re.fullmatch(r"\d+ translated messages?\.", report), report
    assert int(report.split()[0]) > 500


@pytest.mark.parametrize("code", CODES)
def test_the_committed_catalogue_holds_the_codes_messages(extracted, code):
    """Nothing the code says is missing from the catalogue in the repository."""

    def messages(path: Path) -> set[str]:
        text = path.read_text()
        return set(re.findall(r'^msgid "(.+)"$', text, re.M))

    committed = BASE / "locale" / code / "LC_MESSAGES" / "django.po"
    assert messages(extracted / code / "LC_MESSAGES" / "django.po") <= messages(committed)


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_has_its_languages_plural_forms(code):
    header = (BASE / "locale" / code / "LC_MESSAGES" / "django.po").read_text()
    assert f"nplurals={PLURALS[code]};" in header.replace(" ", "")


@pytest.mark.parametrize(
    ("code", "expected"),
    [("en", "Language"), ("de", "Sprache"), ("fr", "Langue"), ("es", "Idioma"), ("pl", "Język")],
)
def test_django_reads_the_compiled_catalogues(code, expected):
    with translation.override(code):
        assert translation.gettext("Language") == expected


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 rozgrywka oceniona"),
        (2, "2 rozgrywki ocenione"),
        (4, "4 rozgrywki ocenione"),
        (5, "5 rozgrywek ocenionych"),
        (12, "12 rozgrywek ocenionych"),
        (22, "22 rozgrywki ocenione"),
        (25, "25 rozgrywek ocenionych"),
    ],
)
def test_polish_counts_games_in_three_forms(count, expected):
    with translation.override("pl"):
        text = translation.ngettext("%(count)s game rated", "%(count)s games rated", count)
    assert text % {"count": count} == expected
