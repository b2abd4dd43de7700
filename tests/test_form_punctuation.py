"""The result form's messages read as sentences: no "?:" after a question, no space
before a colon (the summary bar's flex gap opened one: "Not valid yet : 1 thing")."""

import re

import pytest

from games.forms.submission import labelled
from tests.addresses import reverse
from tests.factories import UserFactory, result_form_data

pytestmark = pytest.mark.django_db

# Punctuation doubled, or a space before punctuation that closes a phrase.
DOUBLED = re.compile(r"[?!.:]\s*[:;]|\s[:;?!,]")
# In a flex line each child is laid out apart (with the gap between): a text that starts
# right after an element's end must not start with punctuation.
AFTER_ELEMENT = re.compile(r"</\w+>\s*[:;,.?!]")


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def summary_lines(html: str) -> list[str]:
    return re.findall(r'<p class="summary-line[^"]*"[^>]*>(.*?)</p>', html, re.DOTALL)


@pytest.mark.parametrize(
    ("label", "joined"),
    [
        ("How did the game end?", "How did the game end? Closing needs more."),
        ("Terror level at the end", "Terror level at the end: Closing needs more."),
        ("Seat 2 · Player", "Seat 2 · Player: Closing needs more."),
        ("Note:", "Note: Closing needs more."),
        ("", "Closing needs more."),
    ],
)
def test_a_label_and_its_message_are_joined_with_one_mark(label, joined):
    assert labelled(label, "Closing needs more.") == joined


@pytest.fixture
def member_client(client):
    client.force_login(UserFactory())
    return client


def test_the_error_summary_does_not_follow_a_question_with_a_colon(member_client):
    data = result_form_data(outcome="closed", terror_level=4)
    html = member_client.post(reverse("games:new"), data).content.decode()
    summary = html[html.index('id="form-errors"') : html.index("</div>", html.index("form-errors"))]
    text = text_of(summary)
    assert "How did the game end? Closing the gates needs" in text
    assert not DOUBLED.search(text), DOUBLED.search(text)


def test_the_preview_lists_problems_without_double_punctuation(member_client):
    data = result_form_data(outcome="closed", terror_level=4)
    html = member_client.post(reverse("games:preview"), data).content.decode()
    problems = text_of(html[html.index('data-testid="preview-problems"') :])
    assert "How did the game end? Closing the gates needs" in problems
    assert not DOUBLED.search(problems), DOUBLED.search(problems)


def test_the_summary_line_keeps_its_colon_beside_not_valid_yet(member_client):
    data = result_form_data(outcome="closed", terror_level=4)
    html = member_client.post(reverse("games:preview"), data).content.decode()
    [line] = summary_lines(html)
    assert text_of(line) == "Not valid yet: 1 thing to fix"
    assert not AFTER_ELEMENT.search(line), line


@pytest.mark.parametrize("outcome", ["sealed", "defeat"])
def test_no_summary_line_starts_a_flex_item_with_punctuation(member_client, outcome):
    extra = {"defeat_cause": "devoured"} if outcome == "defeat" else {}
    data = result_form_data(outcome=outcome, **extra)
    html = member_client.post(reverse("games:preview"), data).content.decode()
    for line in summary_lines(html):
        assert not AFTER_ELEMENT.search(line), line
        assert not DOUBLED.search(text_of(line)), line
