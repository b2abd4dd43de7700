"""The rule modules' sentences, marked for translation without importing Django.

``games.rules``, ``games.validation`` and ``games.scenario_rules`` are pure Python, so they
cannot call Django's ``gettext``. Their readable sentences are ``Message``s instead: the
English text, which is what the modules' tests and the browser's copy of the rules
compare, carrying the msgid it came from and its values. ``makemessages`` finds the msgids
through the markers below (xgettext knows these function names), and the Django layer
(``games.rule_messages``) formats the reader's translation with the same values.

``require_range`` is here too: the check every count of the rules shares, with its sentences.
"""

from __future__ import annotations

import datetime


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the translators' catalogue (``makemessages`` extracts the calls
    of a function of this name) and returns it unchanged: this module stays free of Django,
    and the Django layer (``games.rule_messages``) says the message in the reader's language."""
    return message


def ngettext_lazy(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural for the catalogue, as ``gettext_noop`` does (Django's
    ``makemessages`` extracts a function of this name): both forms, for ``Message``."""
    return singular, plural


def _english(value: object) -> object:
    """A value as the English sentence shows it (dates: "01 Mar 2026 at 18:00")."""
    if isinstance(value, datetime.datetime):
        return f"{value:%d %b %Y at %H:%M}"
    if isinstance(value, datetime.date):
        return f"{value:%d %b %Y}"
    return value


class Message(str):
    """A rule's sentence: the English text, carrying its catalogue template (a marked msgid
    with named ``%(name)s`` placeholders), its plural and the values it was formatted with.

    It compares and prints as the English text; ``games.rule_messages.translated`` formats
    the reader's translation with the same values (a value may itself be a ``Message``).
    ``count`` names the value that picks the plural form.
    """

    template: str
    plural: str
    count: str
    params: dict[str, object]

    def __new__(cls, template: str, plural: str = "", *, count: str = "", **params: object):
        chosen = plural if plural and params[count] != 1 else template
        english = {name: _english(value) for name, value in params.items()}
        text = super().__new__(cls, chosen % english if params else chosen)
        text.template, text.plural, text.count, text.params = template, plural, count, params
        return text


def require_range(name: str, value: int, low: int, high: int | None = None) -> None:
    """Raises ``ValueError`` (its argument a ``Message``) unless ``value`` is a whole number
    from ``low`` to ``high`` (no upper bound when ``None``); ``name`` is a marked msgid."""
    what = Message(name)
    if isinstance(value, bool) or not isinstance(value, int):
        template = gettext_noop("%(name)s must be a whole number, not %(value)s.")
        raise ValueError(Message(template, name=what, value=repr(value)))
    if high is not None and not low <= value <= high:
        template = gettext_noop("%(name)s must be between %(low)s and %(high)s, not %(value)s.")
        raise ValueError(Message(template, name=what, low=low, high=high, value=value))
    if value < low:
        template = gettext_noop("%(name)s must be %(low)s or more, not %(value)s.")
        raise ValueError(Message(template, name=what, low=low, value=value))
