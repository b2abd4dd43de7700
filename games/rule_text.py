"""The rule modules' sentences, marked for translation without importing Django.

The pure modules (``games.rules``, ``games.validation``, ``games.scenario_rules``) cannot
call ``gettext``: their sentences are ``Message``s, the English text (what their tests and
the browser's copy of the rules compare) carrying its msgid and values. ``makemessages``
finds the msgids through the markers below (xgettext knows these function names);
``games.rule_messages`` formats the reader's translation with the same values.
"""

from __future__ import annotations

import datetime


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogue and returns it unchanged."""
    return message


def ngettext_lazy(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural for the catalogue: both forms, for ``Message``."""
    return singular, plural


def _english(value: object) -> object:
    """A value as the English sentence shows it (dates: "01 Mar 2026 at 18:00")."""
    if isinstance(value, datetime.datetime):
        return f"{value:%d %b %Y at %H:%M}"
    if isinstance(value, datetime.date):
        return f"{value:%d %b %Y}"
    return value


class Message(str):
    """A rule's sentence: compares and prints as the English text, and carries its msgid
    (named ``%(name)s`` placeholders), its plural and its values (a value may itself be a
    ``Message``). ``count`` names the value that picks the plural form."""

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
    """The check every count of the rules shares: ``ValueError`` (its argument a
    ``Message``) unless ``value`` is a whole number from ``low`` to ``high`` (``None``: no
    upper bound); ``name`` is a marked msgid."""
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
