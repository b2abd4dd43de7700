"""A league table written whole in Python: the focusable region around it, the caption,
the head with its sort links, the rows (``LeagueTable.body_html``), the foot and the
page links -- the markup ``django_tables2/table.html`` and the league's template over it
wrote.

The template asked django-tables2 per column for its attributes, its sort direction and,
through ``{% querystring_replace %}``, a copy of the query string; per page link the
same. A page with four tables (an investigator's) spent more there than in its rows.
Here the query string is read once per table and each link is one ``urlencode``.

The head depends on the table's class (its columns and their headers are fixed per class:
no league table hides, adds or renames one per instance), the model it lists, the sort
and the query string, and the language: it is written once per process for each of
those (``HEAD_KEPT`` at most), not per request.
"""

from __future__ import annotations

from collections import OrderedDict
from html import escape

from django.utils.html import conditional_escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django_tables2.templatetags.django_tables2 import table_page_range
from django_tables2.utils import AttributeDict


def _attrs(attrs, key: str | None = None) -> str:
    """``attrs`` (or its ``key`` part: thead, tbody, tfoot) as HTML attributes."""
    if key is not None:
        attrs = attrs.get(key) if isinstance(attrs, dict) else None
    if not attrs:
        return ""
    return AttributeDict(attrs).as_html()


class QueryLinks:
    """``?…`` addresses: the request's query string with one parameter replaced."""

    def __init__(self, request) -> None:
        self.params = dict(request.GET) if request is not None else {}

    def key(self) -> tuple:
        return tuple(sorted((name, tuple(values)) for name, values in self.params.items()))

    def __call__(self, name: str, value) -> str:
        return escape("?" + urlencode({**self.params, name: value}, doseq=True))


HEAD_KEPT = 1024
_heads: OrderedDict[tuple, str] = OrderedDict()


def _kept_head(table, link: QueryLinks) -> str:
    key = (
        type(table),
        getattr(table.data, "model", None),
        tuple(table.order_by or ()),
        table.orderable,
        table.prefixed_order_by_field,
        link.key(),
        get_language(),
    )
    head = _heads.get(key)
    if head is None:
        head = _heads[key] = _head(table, link)
        if len(_heads) > HEAD_KEPT:
            _heads.popitem(last=False)
    return head


def _head(table, link: QueryLinks) -> str:
    cells = []
    for column in table.columns:
        sort = ""
        if column.is_ordered:
            direction = "descending" if column.order_by_alias.is_descending else "ascending"
            sort = f' aria-sort="{direction}"'
        header = conditional_escape(column.header)
        if column.orderable:
            href = link(table.prefixed_order_by_field, column.order_by_alias.next)
            header = f'<a href="{href}">{header}</a>'
        cells.append(f'<th scope="col" {column.attrs["th"].as_html()}{sort}>{header}</th>')
    return f"<thead {_attrs(table.attrs, 'thead')}>\n<tr>{''.join(cells)}</tr>\n</thead>"


def _foot(table) -> str:
    cells = "".join(
        f"<td {column.attrs['tf'].as_html()}>{conditional_escape(column.footer)}</td>"
        for column in table.columns
    )
    return f"<tfoot {_attrs(table.attrs, 'tfoot')}><tr>{cells}</tr></tfoot>"


def _pages(table, link: QueryLinks, caption: str) -> str:
    page = getattr(table, "page", None)
    if not page or table.paginator.num_pages <= 1:
        return ""
    field = table.prefixed_page_field
    items = []
    if page.has_previous():
        items.append(f'<li><a href="{link(field, page.previous_page_number())}">Previous</a></li>')
    # Every page a real link (the current one marked), no "#" placeholder for the gap.
    for number in table_page_range(page, table.paginator):
        if number == "...":
            items.append('<li class="gap" aria-hidden="true">…</li>')
        elif number == page.number:
            items.append(
                f'<li><a href="{link(field, number)}" aria-current="page">{number}</a></li>'
            )
        else:
            items.append(f'<li><a href="{link(field, number)}">{number}</a></li>')
    if page.has_next():
        items.append(f'<li><a href="{link(field, page.next_page_number())}">Next</a></li>')
    return (
        f'<nav aria-label="Pages of {caption}"><ul class="pagination">{"".join(items)}</ul></nav>'
    )


def table_html(table, request) -> SafeString:
    """``table`` (a ``LeagueTable``) as its page shows it, sort and page links kept on
    ``request``'s other parameters. Keyboard users reach a table that scrolls sideways:
    the wrapper is a focusable, named region; each row's cells are labelled for the
    phone's card layout (``body_html``)."""
    link = QueryLinks(request)
    caption = escape(str(table.caption)) if table.caption else ""
    parts = [
        f'<div class="table-container" tabindex="0" role="region" '
        f'aria-label="{caption or "Table"}">',
        f"<table {_attrs(table.attrs)}>",
    ]
    if caption:
        parts.append(f"<caption>{caption}</caption>")
    if table.show_header:
        parts.append(_kept_head(table, link))
    parts.append(f"<tbody {_attrs(table.attrs, 'tbody')}>\n{table.body_html()}\n</tbody>")
    if table.has_footer():
        parts.append(_foot(table))
    parts.append("</table>")
    parts.append(_pages(table, link, caption or "the table"))
    parts.append("</div>")
    return SafeString("\n".join(part for part in parts if part))
