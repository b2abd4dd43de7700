"""The parts of a page that differ per request, cut out of a cached page and filled in.

``base.html`` marks them ``<!--league:fill:NAME-->...<!--/league:fill-->``; a page is stored
without them, every request renders them for itself, and the marks never reach a browser.
"""

from __future__ import annotations

import re

from django.template.loader import render_to_string

FILLS = ("body", "nav", "messages", "language")
TEMPLATE = "includes/per_request.html"
CUT = "<!--league:cut-->"
_HOLE = re.compile(rb"<!--league:fill:(\w+)-->.*?<!--/league:fill-->", re.DOTALL)
_MARK = re.compile(rb"<!--(?:/league:fill|league:fill:\w+)-->")
# A CSRF token outside the holes (a form or an htmx header in the body): such a page is
# that visitor's and is never stored.
_TOKEN_SIGNS = (b"csrfmiddlewaretoken", b"X-CSRFToken")

Segments = tuple[bytes | str, ...]


def cut(content: bytes) -> Segments | None:
    """Text and hole names in turn; ``None`` when a part outside the holes belongs to one
    visitor (a CSRF token), or a hole is unknown."""
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


def fill(segments: Segments, request) -> bytes:
    rendered = render_to_string(TEMPLATE, request=request).split(CUT)
    parts = dict(zip(FILLS, rendered, strict=True))
    return b"".join(parts[item].encode() if isinstance(item, str) else item for item in segments)


def unmark(content: bytes) -> bytes:
    if b"<!--league:fill:" not in content:
        return content
    return _MARK.sub(b"", content)
