"""The site's public address: ``LEAGUE_SITE_URL`` when it is set, else the request's (one
identity for feeds and Open Graph tags, whatever host name a reader met the site under)."""

from __future__ import annotations

import datetime
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.utils.translation import get_language_from_path

# The tag URI authority while LEAGUE_SITE_URL is unset (development): ``.invalid`` is
# reserved (RFC 2606), so it can never be mistaken for somebody's real domain.
UNSET_AUTHORITY = "arkham-league.invalid"

# The date of a tag URI minted for a thing with no date of its own (a feed): any fixed
# day on which the authority was held keeps the id the same forever (RFC 4151).
FEED_TAG_DATE = datetime.date(2008, 1, 1)


def absolute_url(path: str, request: HttpRequest | None = None) -> str:
    # As it is for a host the site does not serve (its 400 page is rendered with it).
    site = settings.LEAGUE_SITE_URL.rstrip("/")
    if site:
        return f"{site}{path}"
    if request is None:
        return path
    try:
        return request.build_absolute_uri(path)
    except DisallowedHost:
        return path


def tag_uri(path: str, day: datetime.date) -> str:
    """A permanent id (RFC 4151): it names the site, not the host a request used."""
    authority = urlsplit(settings.LEAGUE_SITE_URL).hostname or UNSET_AUTHORITY
    return f"tag:{authority},{day:%Y-%m-%d}:{path}"


def without_language(path: str) -> str:
    """/de/games/1/ -> /games/1/: what leads a reader to their own language."""
    code = get_language_from_path(path)
    return path.removeprefix(f"/{code}") if code else path
