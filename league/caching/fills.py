"""The parts of a page that differ per request, cut out of a cached page and filled in.

``base.html`` marks them ``<!--league:fill:NAME-->...<!--/league:fill-->``: the ``<body>``
tag (a member's CSRF header for htmx), the navigation (a member's links, a moderator's
Pending (N), the log-out form with its CSRF token) and the messages. A page is kept in the
shared cache as its other parts with the names of the holes between them (``cut``), so
nothing of one visitor is stored under a key shared with others; every request, a hit too,
renders the three parts for itself in one small template (``fill``) and the marks never
reach a browser (``unmark``). The page's body is rendered once for everyone who shares
its key.

A member's three parts differ from another's only by what the navigation knows of them
(staff, moderating, the pending count), the page's path and the CSRF token, which Django
masks afresh for every response. So, with no message to show, they are rendered once per
process for each such (path, facts, language) with a mark where the token goes, and each
request puts its own token in: a member's hit renders no template either (a visitor's
filled page is kept beside its copy: ``league.caching.copies.ready_for_visitors``).
"""

from __future__ import annotations

import re
from collections import OrderedDict

from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.translation import get_language

from league.caching.nav_facts import member_nav

FILLS = ("body", "nav", "messages")
TEMPLATE = "includes/per_request.html"
CUT = "<!--league:cut-->"
_HOLE = re.compile(rb"<!--league:fill:(\w+)-->.*?<!--/league:fill-->", re.DOTALL)
_MARK = re.compile(rb"<!--(?:/league:fill|league:fill:\w+)-->")
# What a CSRF token outside the holes looks like (a form or an htmx header in the body):
# such a page is that visitor's and is never stored.
_TOKEN_SIGNS = (b"csrfmiddlewaretoken", b"X-CSRFToken")

Segments = tuple[bytes | str, ...]


def cut(content: bytes) -> Segments | None:
    """The page without its per-request parts: text and hole names in turn; ``None`` when
    a part of it outside the holes belongs to one visitor (a CSRF token), or a hole is
    not one ``fill`` renders."""
    segments: list[bytes | str] = []
    start = 0
    for hole in _HOLE.finditer(content):
        name = hole.group(1).decode()
        if name not in FILLS:
            return None
        segments.extend((content[start : hole.start()], name))
        start = hole.end()
    segments.append(content[start:])
    if any(sign in part for part in segments[::2] for sign in _TOKEN_SIGNS):
        return None
    return tuple(segments)


MEMBER_PARTS_KEPT = 1024
# Where a member's CSRF token goes in their kept parts: letters only, as a token is, so
# every escaping leaves it as it is.
_TOKEN_MARK = "leaguecsrftokenmarkQzX7"
_member_parts: OrderedDict[tuple, list[str]] = OrderedDict()


def _has_messages(request) -> bool:
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0  # loaded, not yet shown


def _member(request) -> list[str] | None:
    """A member's parts from the kept ones (rendered on first use); ``None``: render them."""
    nav = member_nav(request)
    if not nav.signed_in or _has_messages(request):
        return None
    key = (
        request.path,
        nav.is_staff,
        nav.moderates,
        nav.pending_count,
        get_language(),
        get_script_prefix(),
    )
    parts = _member_parts.get(key)
    if parts is None:
        context = {"csrf_token": _TOKEN_MARK}
        parts = render_to_string(TEMPLATE, context, request=request).split(CUT)
        _member_parts[key] = parts
        if len(_member_parts) > MEMBER_PARTS_KEPT:
            _member_parts.popitem(last=False)
    token = get_token(request)
    return [part.replace(_TOKEN_MARK, token) for part in parts]


def fill(segments: Segments, request) -> bytes:
    """The page for this request: its own body tag, navigation and messages in the holes."""
    rendered = _member(request) or render_to_string(TEMPLATE, request=request).split(CUT)
    parts = dict(zip(FILLS, rendered, strict=True))
    return b"".join(parts[item].encode() if isinstance(item, str) else item for item in segments)


def unmark(content: bytes) -> bytes:
    """The page without the marks (they only tell the cache where the holes are)."""
    if b"<!--league:fill:" not in content:
        return content
    return _MARK.sub(b"", content)
