"""The league table template (league/includes/table.html): region, caption, sort links
that keep the page's other parameters, cells labelled for the phone's card layout, page
links without a "#" placeholder, the empty row."""

import re
from html import unescape

import django_tables2 as tables
import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils.html import strip_tags
from django_tables2 import RequestConfig

from bench.benchmarks import public_pages
from league.pages.tables import LeagueTable, link_to
from tests.factories import demo_league


class NumbersTable(LeagueTable):
    caption = "Numbers <all>"
    number = tables.Column()
    name = tables.Column(orderable=False)

    class Meta(LeagueTable.Meta):
        pass


def render(table, request) -> str:
    return Template("{% load django_tables2 %}{% render_table table %}").render(
        Context({"table": table, "request": request})
    )


def _table(query: str, rows: int = 300):
    request = RequestFactory().get(f"/numbers/?{query}")
    table = NumbersTable([{"number": n, "name": f"n<{n}>"} for n in range(rows)])
    RequestConfig(request, paginate={"per_page": 10}).configure(table)
    return render(table, request)


def test_region_caption_and_sort_links_keep_other_parameters():
    html = _table("season=spring&sort=-number")
    assert 'tabindex="0" role="region" aria-label="Numbers &lt;all&gt;"' in html
    assert "<caption>Numbers &lt;all&gt;</caption>" in html
    assert 'aria-sort="descending"' in html
    assert '<a href="?season=spring&amp;sort=number">Number</a>' in html
    assert "sort=name" not in html  # not sortable: no link


def test_every_cell_is_labelled_with_its_header_and_escaped():
    html = _table("sort=number")
    assert '<td  data-label="Number">0</td>' in html
    assert '<td  data-label="Name">n&lt;0&gt;</td>' in html
    assert html.count("<td ") == 20


def test_page_links_every_one_real_with_the_current_marked():
    html = _table("season=spring&page=15")
    assert '<nav aria-label="Pages of Numbers &lt;all&gt;">' in html
    assert '<a href="?season=spring&amp;page=14">Previous</a>' in html
    assert '<a href="?season=spring&amp;page=16">Next</a>' in html
    assert '<a href="?season=spring&amp;page=15" aria-current="page">15</a>' in html
    assert '<li class="gap" aria-hidden="true">…</li>' in html
    assert 'href="#"' not in html


def test_one_page_has_no_page_links_and_no_rows_says_so():
    assert "<nav" not in _table("", rows=3)
    empty = NumbersTable([], empty_text="Nothing <here>.")
    html = render(empty, RequestFactory().get("/numbers/"))
    assert '<tr><td colspan="2">Nothing &lt;here&gt;.</td></tr>' in html


class Linked:
    def __init__(self, slug):
        self.slug = slug

    def get_absolute_url(self):
        return f"/things/{self.slug}/"


class LinksTable(LeagueTable):
    own = tables.Column(accessor="name", linkify=link_to())
    other = tables.Column(accessor="name", linkify=link_to("thing"))

    class Meta(LeagueTable.Meta):
        pass


def test_link_to_links_the_row_or_an_object_along_a_path():
    row = Linked("row")
    row.name, row.thing = "Row & co", Linked("thing")
    html = render(LinksTable([row]), RequestFactory().get("/"))
    assert '<a href="/things/row/">Row &amp; co</a>' in html
    assert '<a href="/things/thing/">Row &amp; co</a>' in html


@pytest.mark.django_db
def test_on_every_public_page_each_row_has_a_cell_per_header_labelled_with_it(client):
    """Row templates (league/rows/) write a table's cells themselves: on every public page,
    each row of each league table has one cell per column header, in order, labelled with
    it (what a phone's card shows beside the value)."""
    demo_league(60)
    checked = set()
    for label, url in public_pages():
        html = client.get(url).content.decode()
        for table in re.findall(r'<table class="table stack">(.*?)</table>', html, re.S):
            head = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table, re.S)
            headers = [unescape(strip_tags(cell)).strip() for cell in head]
            for row in re.findall(r'<tr class="(?:even|odd)">(.*?)</tr>', table, re.S):
                labels = [
                    unescape(name) for name in re.findall(r'<td[^>]*data-label="([^"]*)"', row)
                ]
                assert labels == headers, (label, labels, headers)
                assert row.count("<td") == len(headers), label
                checked.add(tuple(headers))
    assert len(checked) >= 12  # the leaderboard's, standings', investigators', ... tables
