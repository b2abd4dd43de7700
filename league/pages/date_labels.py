"""Dates as the ``date`` filter writes them, each (day, format, language) formatted once
per process: ``date_format`` looks the format up through the active language and the
format modules every call, and a chart of a few hundred points, or a table of months,
asked it once per point or row."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import lru_cache, partial

from django.template.defaultfilters import date as date_filter
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language


@lru_cache(maxsize=8192)
def _formatted(day: datetime.date, form: str | None, language: str | None) -> str:
    return date_format(day, form)


def dated(day: datetime.date, form: str | None = None) -> str:
    """``day`` in ``form`` (a format name such as ``"YEAR_MONTH_FORMAT"`` or a format
    string; ``DATE_FORMAT`` when None), in the active language."""
    return _formatted(day, form, get_language())


def labeller(form: str | None = None) -> Callable[[datetime.date], str]:
    """``dated`` in ``form`` for many days: the active language is looked up once."""
    return partial(_formatted, form=form, language=get_language())


@lru_cache(maxsize=8192)
def _moment(value: datetime.datetime, form: str, zone: str, language: str | None) -> str:
    return date_filter(timezone.template_localtime(value), form)


def moment(value: datetime.datetime, form: str) -> str:
    """A date and time as the ``date`` filter writes it in the current time zone and
    language, each (moment, format, zone, language) formatted once per process: a page
    of submissions formats the same few dozen moments on every render."""
    return _moment(value, form, timezone.get_current_timezone_name(), get_language())
