"""Table exports that stream: CSV row by row, XLSX through openpyxl's write-only mode.

An export holds what the page shows -- the table's columns, headers, filters and sort --
over every page. Building a django-tables2 ``BoundRow`` (and a model instance with its
prefetched seats) per record is what made a leaderboard of every victory cost minutes and
gigabytes, so rows come from ``values()`` read a chunk at a time:

* a column's cell is the value at its accessor (or at ``Table.export_paths[name]`` when the
  accessor is a relation, e.g. ``"ancient_one__name"``); a field with choices gives its
  label, and a ``value_<name>`` method on the table still shapes the value;
* a column with an ``export_values(pks)`` method (the players at each game) fills its cells
  for a whole chunk in one query, so a chunk costs two queries however many seats it has;
* every cell goes through ``games.spreadsheets.safe_cell``: text never runs as a formula,
  numbers stay numbers and dates stay dates (ISO text in CSV, date cells in XLSX).

Tables fed something other than a QuerySet fall back to django-tables2's ``as_values``.
"""

from __future__ import annotations

import csv
import datetime
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from django.core.exceptions import FieldDoesNotExist, ImproperlyConfigured
from django.db.models import QuerySet
from django.http import FileResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.encoding import force_str
from django.utils.http import content_disposition_header
from django_tables2.export import ExportMixin

from games.spreadsheets import safe_cell

# Records per database round trip: a few thousand rows in memory at once, never the table.
CHUNK_SIZE = 2000
CSV = "csv"
XLSX = "xlsx"
FORMATS = (CSV, XLSX)
CONTENT_TYPES = {
    CSV: "text/csv; charset=utf-8",
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# Excel's limit on a sheet's name.
SHEET_TITLE_MAX = 31


@dataclass(frozen=True)
class ExportColumn:
    """How one exported column gets its cells from a ``values()`` row."""

    name: str
    header: str
    path: str
    labels: dict | None = None  # a field's choices: stored value -> label
    shape: Callable[[Any], Any] | None = None  # the table's ``value_<name>``
    per_chunk: Callable[[list], dict] | None = None  # ``column.export_values``

    def cell(self, row: dict, chunk_values: dict | None) -> Any:
        if chunk_values is not None:
            return chunk_values.get(row[self.path])
        value = row[self.path]
        if self.labels is not None and value in self.labels:
            value = self.labels[value]
        if self.shape is not None:
            value = self.shape(value=value)
        return value


def export_columns(table, exclude_columns: Iterable[str] = ()) -> list:
    """The bound columns an export writes, in the table's order (as ``as_values`` picks)."""
    excluded = set(exclude_columns)
    return [
        column
        for column in table.columns.iterall()
        if not (column.column.exclude_from_export or column.name in excluded)
    ]


def _field_at(model, path: str):
    """The model field ``path`` ends at, or None for an annotation."""
    field = None
    for part in path.split("__"):
        if model is None:
            return None
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return None
        model = field.related_model
    return field


def plan_columns(table, queryset: QuerySet, exclude_columns: Iterable[str] = ()):
    """An ``ExportColumn`` per exported column of ``table`` over ``queryset``'s model."""
    paths = getattr(table, "export_paths", {})
    plan = []
    for bound in export_columns(table, exclude_columns):
        name, column = bound.name, bound.column
        path = paths.get(name, str(bound.accessor).replace(".", "__"))
        field = _field_at(queryset.model, path)
        per_chunk = getattr(column, "export_values", None)
        if field is not None and field.is_relation and per_chunk is None:
            raise ImproperlyConfigured(
                f"{type(table).__name__}.{name} exports a relation: name the value in "
                f"export_paths (e.g. {path}__name)."
            )
        plan.append(
            ExportColumn(
                name=name,
                header=force_str(bound.header),
                path=path,
                labels=dict(field.flatchoices) if getattr(field, "choices", None) else None,
                shape=getattr(table, f"value_{name}", None),
                per_chunk=per_chunk,
            )
        )
    return plan


def _chunks(rows: Iterator[dict], size: int) -> Iterator[list[dict]]:
    while chunk := list(islice(rows, size)):
        yield chunk


def _typed(value):
    """A spreadsheet keeps no time zone: aware moments become the site's local time."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return timezone.localtime(value).replace(tzinfo=None)
    return value


def table_rows(
    table, exclude_columns: Iterable[str] = (), chunk_size: int = CHUNK_SIZE
) -> Iterator[list]:
    """The header, then one row per record of the configured (sorted, unpaginated)
    ``table``, every cell safe for a spreadsheet; read ``chunk_size`` records at a time."""
    queryset = getattr(table.data, "data", None)
    if not isinstance(queryset, QuerySet):
        for row in table.as_values(exclude_columns=exclude_columns):
            yield [safe_cell(_typed(value)) for value in row]
        return
    plan = plan_columns(table, queryset, exclude_columns)
    yield [safe_cell(column.header) for column in plan]
    paths = list(dict.fromkeys(column.path for column in plan))
    # values() builds no model instances; prefetches are per-chunk loaders' job here.
    rows = queryset.prefetch_related(None).values(*paths).iterator(chunk_size=chunk_size)
    for chunk in _chunks(rows, chunk_size):
        loaded = {
            column.name: column.per_chunk([row[column.path] for row in chunk])
            for column in plan
            if column.per_chunk is not None
        }
        for row in chunk:
            yield [safe_cell(_typed(column.cell(row, loaded.get(column.name)))) for column in plan]


class _Echo:
    """A file that hands back what is written, so ``csv.writer`` can feed a generator."""

    def write(self, value: str) -> str:
        return value


def csv_chunks(rows: Iterable[list], lines_per_chunk: int = CHUNK_SIZE) -> Iterator[str]:
    """``rows`` as CSV text, a few thousand lines per piece."""
    writer = csv.writer(_Echo())
    piece: list[str] = []
    for row in rows:
        piece.append(writer.writerow(row))
        if len(piece) >= lines_per_chunk:
            yield "".join(piece)
            piece = []
    if piece:
        yield "".join(piece)


def write_xlsx(rows: Iterable[list], target, title: str) -> None:
    """``rows`` into a one-sheet workbook at ``target`` (a path or binary file), through
    openpyxl's write-only mode: each row goes to disk as it is appended."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet(title=title[:SHEET_TITLE_MAX] or "Export")
    for row in rows:
        sheet.append(row)
    book.save(target)


def export_response(table, export_format: str, filename: str, exclude_columns=()):
    """A download of ``table``: streamed CSV, or XLSX built in a temporary file."""
    rows = table_rows(table, exclude_columns)
    if export_format == CSV:
        response = StreamingHttpResponse(csv_chunks(rows), content_type=CONTENT_TYPES[CSV])
        response["Content-Disposition"] = content_disposition_header(True, filename)
        return response
    if export_format != XLSX:
        raise ValueError(f"Unknown export format {export_format!r}.")
    # Deleted when the response closes it; only the finished zip's bytes sit on disk.
    spool = tempfile.TemporaryFile()  # noqa: SIM115 -- FileResponse closes it
    write_xlsx(rows, spool, title=filename.rsplit(".", 1)[0])
    spool.seek(0)
    return FileResponse(
        spool, as_attachment=True, filename=filename, content_type=CONTENT_TYPES[XLSX]
    )


class StreamingExportMixin(ExportMixin):
    """``ExportMixin`` for CSV and XLSX that streams every filtered, sorted row.

    While exporting, the page's own paginated table is never built (its COUNT and first
    page are not wanted) and the exported table is not paginated.
    """

    export_formats = FORMATS

    def export_format(self) -> str | None:
        chosen = self.request.GET.get(self.export_trigger_param)
        return chosen if chosen in self.export_formats else None

    def get_table_pagination(self, table):
        return False if self.export_format() else super().get_table_pagination(table)

    def get_context_data(self, **kwargs):
        if self.export_format():
            return kwargs
        return super().get_context_data(**kwargs)

    def render_to_response(self, context, **kwargs):
        export_format = self.export_format()
        if export_format:
            return self.create_export(export_format)
        return super().render_to_response(context, **kwargs)

    def create_export(self, export_format):
        table = self.get_table(**self.get_table_kwargs())
        return export_response(
            table,
            export_format,
            self.get_export_filename(export_format),
            exclude_columns=self.exclude_columns,
        )
