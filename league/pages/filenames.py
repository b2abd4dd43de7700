"""Download names that say what was downloaded: the site, the page, then each filter as
``<name>-<value>`` (``arkham-league-leaderboard-cthulhu-season-2026-spring.csv``), with
an ASCII ``filename`` and, for a name in another script, RFC 5987's ``filename*``."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal
from urllib.parse import quote

from django.db.models import Model, QuerySet
from django.http import FileResponse
from django.utils.text import slugify

SITE = "arkham-league"
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# Long enough for every filter of the leaderboard at once, short enough for any file system.
MAX_STEM = 160


def filter_text(value) -> str:
    """A filter's cleaned value as text for a name: a slug, a date, the chosen boxes."""
    if isinstance(value, QuerySet | list | tuple):  # a multiple choice: the boxes
        return "-".join(filter_text(item) for item in value)
    if isinstance(value, Model):
        return getattr(value, "slug", None) or str(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal):  # a number filter: "3", not "3.0"; "2.5" as "2-5"
        integral = value == value.to_integral_value()
        return str(int(value)) if integral else str(value).replace(".", "-")
    return str(value)


def filter_parts(cleaned: dict, labels: dict[str, str] | None = None) -> list[str]:
    """``<name>-<value>`` for each filter that narrows the rows, in the form's order;
    ``labels`` renames a filter in the name (an empty label leaves only the value)."""
    labels = labels or {}
    parts = []
    for name, value in cleaned.items():
        if value in (None, "", [], ()) or (isinstance(value, QuerySet) and not value.exists()):
            continue
        label = labels.get(name, name.replace("_", "-"))
        parts.append(f"{label} {filter_text(value)}" if label else filter_text(value))
    return parts


def _stem(parts: Iterable[str], allow_unicode: bool) -> str:
    """The parts slugged and joined, parts that slug to nothing left out, cut at a word."""
    slugs = [slugify(part, allow_unicode=allow_unicode) for part in parts]
    stem = "-".join(slug for slug in slugs if slug)
    if len(stem) > MAX_STEM:
        stem = stem[:MAX_STEM].rsplit("-", 1)[0]
    return stem


def export_filename(page: str, parts: Iterable[str], extension: str) -> str:
    """The download's name, in any script (``attachment_header`` makes it safe to send)."""
    return f"{_stem([SITE, page, *parts], allow_unicode=True)}.{extension}"


def attachment_header(filename: str) -> str:
    """``Content-Disposition`` for ``filename``: an ASCII ``filename`` every browser reads,
    plus ``filename*`` (RFC 5987) when the name is not plain ASCII."""
    stem, _, extension = filename.rpartition(".")
    plain = f"{_stem([stem], allow_unicode=False)}.{extension}"
    header = f'attachment; filename="{plain}"'
    if plain != filename:
        header += f"; filename*=UTF-8''{quote(filename, safe='')}"
    return header


def file_attachment(path, name: str = "") -> FileResponse:
    """The file at ``path`` (a CSV or an XLSX) as a download named ``name``, else its own."""
    content_type = CONTENT_TYPES[path.suffix.lstrip(".")]
    response = FileResponse(path.open("rb"), content_type=content_type)
    response["Content-Disposition"] = attachment_header(name or path.name)
    return response
