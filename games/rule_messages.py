"""The rule modules' sentences (``games.rule_text.Message``) in the reader's language:
the msgid through ``gettext`` (or ``ngettext``), then the values in, dates in the reader's
format."""

from __future__ import annotations

import datetime

from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from games.rule_text import Message


def translated(message: str) -> str:
    """``message`` in the active language; a plain string is returned as it is."""
    if not isinstance(message, Message):
        return message
    if message.plural:
        text = ngettext(message.template, message.plural, message.params[message.count])
    else:
        text = gettext(message.template)
    if not message.params:
        return text
    return text % {name: _value(value) for name, value in message.params.items()}


def _value(value: object) -> object:
    if isinstance(value, datetime.datetime):
        return date_format(value, "DATETIME_FORMAT")
    if isinstance(value, datetime.date):
        return date_format(value, "DATE_FORMAT")
    return translated(value) if isinstance(value, Message) else value


def translated_errors(errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """Broken rules by field (``games.validation.Errors``), each in the active language."""
    return {
        field: [translated(message) for message in messages] for field, messages in errors.items()
    }


# For class-level texts (help texts, error messages): translated when shown.
translated_lazy = lazy(translated, str)


def formatted_lazy(template: str, **params: object) -> str:
    """``template`` (a msgid marked with ``gettext_noop``) with ``params``, translated when
    shown: ``gettext_lazy`` for a text that holds a rule's number."""
    return translated_lazy(Message(template, **params))
