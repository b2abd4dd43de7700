"""Every word a person reads in a template goes through a translation call.

The scan takes each template, removes what Django's i18n tags translate (``{% translate %}``,
``{% blocktranslate %}``), comments, scripts and styles and every other tag or variable,
and reads what is left as HTML: any text with a letter in it, or any attribute people read
(title, alt, aria-label, placeholder, label, a description's content), is a literal that
a translator cannot reach.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Templates no reader sees: the benchmark's reference page.
UNREAD = {"bench/reference.html"}
# Names that are the same in every language.
PROPER_NAMES = {"Arkham League", "Arkham Horror", "Atom", "CSV", "XLSX", "JSON", "API"}
READ_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "label", "content", "summary"}

_REMOVED = [
    re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S),
    re.compile(r"{#.*?#}", re.S),
    re.compile(r"{%\s*blocktranslate\b.*?{%\s*endblocktranslate\s*%}", re.S),
    re.compile(r"{%\s*blocktrans\b.*?{%\s*endblocktrans\s*%}", re.S),
    re.compile(r"<script\b.*?</script>", re.S | re.I),
    re.compile(r"<style\b.*?</style>", re.S | re.I),
    re.compile(r"{%.*?%}", re.S),
    re.compile(r"{{.*?}}", re.S),
]
_WORD = re.compile(r"[^\W\d_]{2,}")
# An address's query built in a template (?next=...) is no text.
_QUERY = re.compile(r"[?&]\w+=")


def literal(text: str) -> bool:
    text = _QUERY.sub("", text.strip())
    for name in PROPER_NAMES:
        text = text.replace(name, "")
    return bool(_WORD.search(text))


class Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        for name, value in attrs:
            # A meta's content is read only in a description or an Open Graph tag.
            if name == "content" and "property" not in named and named.get("name") != "description":
                continue
            if name in READ_ATTRIBUTES and value and literal(value):
                self.found.append(f'<{tag} {name}="{value.strip()}">')

    def handle_data(self, data):
        if literal(data):
            self.found.append(data.strip())


def literals(source: str) -> list[str]:
    for pattern in _REMOVED:
        source = pattern.sub(" ", source)
    reader = Reader()
    reader.feed(source)
    return reader.found


def templates() -> list[str]:
    names = [
        str(path.relative_to(TEMPLATES))
        for path in sorted(TEMPLATES.rglob("*"))
        if path.suffix in {".html", ".txt"}
    ]
    return [name for name in names if name not in UNREAD]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('<p>{% translate "Save" %}</p>', []),
        ("<p>Save</p>", ["Save"]),
        ('<a title="Open it" href="/x/">{{ name }}</a>', ['<a title="Open it">']),
        ("{% blocktranslate trimmed %}Hello {{ name }}{% endblocktranslate %}", []),
        ("{# a note #}{% comment %}more words{% endcomment %}<b>{{ x }}</b>", []),
        ('<meta property="og:site_name" content="Arkham League">', []),
        (
            '<meta name="description" content="Results of games">',
            ['<meta content="Results of games">'],
        ),
        ("<script>const word = 'hello';</script><td>12.5</td>", []),
    ],
)
def test_the_scan_finds_what_a_reader_reads_and_nothing_else(source, expected):
    assert literals(source) == expected


@pytest.mark.parametrize("name", templates())
def test_no_template_holds_a_word_outside_a_translation_call(name):
    assert literals((TEMPLATES / name).read_text()) == []
