"""A league table written whole in Python (league.pages.table_html): region, caption, sort
links that keep the page's other parameters, page links without a "#" placeholder."""

import django_tables2 as tables
from django.test import RequestFactory
from django_tables2 import RequestConfig

from league.pages.table_html import table_html
from league.pages.tables import LeagueTable


class NumbersTable(LeagueTable):
    caption = "Numbers <all>"
    number = tables.Column()
    name = tables.Column(orderable=False)


def _table(query: str, rows: int = 300):
    request = RequestFactory().get(f"/numbers/?{query}")
    table = NumbersTable([{"number": n, "name": f"n{n}"} for n in range(rows)])
    RequestConfig(request, paginate={"per_page": 10}).configure(table)
    return table_html(table, request)


def test_region_caption_and_sort_links_keep_other_parameters():
    html = _table("season=spring&sort=-number")
    assert 'role="region" aria-label="Numbers &lt;all&gt;"' in html
    assert "<caption>Numbers &lt;all&gt;</caption>" in html
    assert 'aria-sort="descending"' in html
    assert '<a href="?season=spring&amp;sort=number">Number</a>' in html
    assert ">Name</th>" in html and "sort=name" not in html  # not sortable: no link


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
    empty = NumbersTable([], empty_text="Nothing here.")
    assert '<tr><td colspan="2">Nothing here.</td></tr>' in table_html(empty, None)


def test_a_kept_head_is_the_head_of_its_own_sort_query_and_orderability():
    """The head is written once per class, sort, query string, orderability and language:
    each of those still gets its own."""
    from django.utils import translation

    from league.pages import table_html as module

    module._heads.clear()
    for _ in range(2):  # the second time from the kept heads
        assert 'aria-sort="descending"' in _table("sort=-number")
        assert 'aria-sort="ascending"' in _table("sort=number")
        assert '<a href="?season=autumn&amp;sort=number">Number</a>' in _table("season=autumn")
        assert '<a href="?season=spring&amp;sort=number">Number</a>' in _table("season=spring")
        fixed = NumbersTable([{"number": 1, "name": "one"}], orderable=False)
        assert "sort=" not in table_html(fixed, RequestFactory().get("/numbers/"))
    assert len(module._heads) == 5
    with translation.override("fr"):
        _table("sort=-number")
    assert len(module._heads) == 6
