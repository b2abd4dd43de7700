"""Dates and moments formatted once per process (league.pages.date_labels) read as the
``date`` filter writes them, in the time zone and language of the request at hand."""

import datetime
import zoneinfo

from django.template.defaultfilters import date as date_filter
from django.utils import timezone, translation

from league.pages.date_labels import dated, labeller, moment

LATE = datetime.datetime(2026, 3, 1, 23, 30, tzinfo=datetime.UTC)


def test_a_moment_is_written_as_the_date_filter_writes_it_in_each_zone():
    seen = set()
    for zone in ("UTC", "Pacific/Auckland", "America/Los_Angeles"):
        with timezone.override(zoneinfo.ZoneInfo(zone)):
            for _ in range(2):  # the second time from the kept labels
                expected = date_filter(timezone.template_localtime(LATE), "j M Y, H:i")
                assert moment(LATE, "j M Y, H:i") == expected
            seen.add(expected)
    assert len(seen) == 3  # the zone changes the answer, and the kept one follows it


def test_a_day_in_each_language_and_a_labeller_agree():
    day = datetime.date(2026, 5, 1)
    for language in ("en", "de"):
        with translation.override(language):
            assert dated(day, "j F Y") == date_filter(day, "j F Y")
            assert labeller("j F Y")(day) == dated(day, "j F Y")
