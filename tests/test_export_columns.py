"""Every download holds its page's columns: each exportable page's CSV header has every
column the page's table shows (a download may add the game's number and link)."""

import csv
import io

import pytest
from django.urls import get_resolver

from games.models import Scenario, Series
from league.pages.exports import StreamingExportMixin
from tests.addresses import reverse
from tests.factories import demo_league

pytestmark = pytest.mark.django_db


def exportable_names(patterns=None, namespace=""):
    """URL names of every view that offers a download, found in the URLconf itself."""
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if hasattr(pattern, "url_patterns"):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from exportable_names(pattern.url_patterns, inner)
            continue
        view_class = getattr(pattern.callback, "view_class", None)
        if view_class is not None and issubclass(view_class, StreamingExportMixin):
            yield f"{namespace}{pattern.name}"


def address(name):
    slugs = {
        "league:scenario": Scenario.objects.order_by("pk").first(),
        "league:series": Series.objects.order_by("pk").first(),
    }
    if name in slugs:
        return reverse(name, kwargs={"slug": slugs[name].slug})
    return reverse(name)


def test_every_download_holds_the_columns_its_page_shows(client):
    demo_league(60)
    names = sorted(set(exportable_names()))
    assert {"league:leaderboard", "league:standings", "league:investigators"} <= set(names)
    for name in names:
        url = address(name)
        page = client.get(url)
        assert page.status_code == 200, url
        shown = [str(column.header) for column in page.context["table"].columns]
        download = client.get(url, {"_export": "csv"})
        assert download.status_code == 200, url
        body = b"".join(download.streaming_content).decode("utf-8-sig")
        header = next(csv.reader(io.StringIO(body)))
        missing = [column for column in shown if column not in header]
        assert missing == [], f"{url}: the download lacks {missing}"


def test_both_series_downloads_hold_their_tables_columns(client):
    demo_league(60)
    url = address("league:series")
    page = client.get(url)
    for which, table in (("teams", "team_table"), ("players", "player_table")):
        shown = [str(column.header) for column in page.context[table].columns]
        download = client.get(url, {"_export": "csv", "table": which})
        content = download.streaming_content if download.streaming else [download.content]
        header = next(csv.reader(io.StringIO(b"".join(content).decode("utf-8-sig"))))
        assert [column for column in shown if column not in header] == [], which
