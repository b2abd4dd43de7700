"""Table exports that stream: CSV row by row, XLSX through openpyxl's write-only mode.

A ``BoundRow`` and a model instance per record made an export of every victory cost minutes
and gigabytes, so rows come from ``values_list()`` a chunk at a time: a cell is the value
at its column's accessor (or ``Table.export_paths[name]``), shaped by the table's
``value_<name>`` or the column's ``export_shape``; a column with ``export_values(pks)``
fills a chunk in one query. Bigger downloads are background jobs (``downloads``).
"""

from __future__ import annotations

import csv
import datetime
import io
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import FieldDoesNotExist, FieldError, ImproperlyConfigured
from django.db.models import QuerySet
from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.encoding import force_str
from django.utils.translation import gettext as _
from django_tables2.export import ExportMixin

from games.imports.limits import grouped
from games.jobs.files import export_folder
from games.spreadsheets import SHEET_MAX_ROWS, safe_cell, write_sheet
from league.pages import downloads
from league.pages.filenames import (
    CONTENT_TYPES,
    attachment_header,
    export_filename,
    filter_parts,
)
from league.scopes import streamed

# Records per database round trip: a few thousand rows in memory at once, never the table.
CHUNK_SIZE = 2000
CSV = "csv"
XLSX = "xlsx"
FORMATS = (CSV, XLSX)


@dataclass(frozen=True)
class ExportColumn:
    """How one exported column gets its cells from a ``values_list()`` row."""

    header: str
    path: str
    convert: Callable[[Any], Any]  # the cell from the stored value
    per_chunk: Callable[[list], dict] | None = None  # ``column.export_values``


def export_columns(table, exclude_columns: Iterable[str] = ()) -> list:
    """The bound columns an export writes, in the table's order (as ``as_values`` picks)."""
    excluded = set(exclude_columns)
    return [
        column
        for column in table.columns.iterall()
        if not (column.column.exclude_from_export or column.name in excluded)
    ]


def _field_at(queryset: QuerySet, path: str):
    """The model field ``path`` ends at (an annotation's output field), or None."""
    if path in queryset.query.annotations:
        try:
            return queryset.query.annotations[path].output_field
        except FieldError:  # mixed types: convert every value
            return None
    model, field = queryset.model, None
    for part in path.split("__"):
        if model is None:
            return None
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return None
        model = field.related_model
    return field


def _typed(value):
    """A spreadsheet keeps no time zone: aware moments become the site's local time."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return timezone.localtime(value).replace(tzinfo=None)
    return value


def _converter(field, shape: Callable | None) -> Callable[[Any], Any]:
    """How a stored value becomes its cell: shaped as the page shows it (``shape``), a
    choice as its label, an aware moment in local time, text never a formula."""
    labels = dict(field.flatchoices) if getattr(field, "choices", None) else {}

    def convert(value):
        if shape is not None:
            value = shape(value=value)
        elif labels and value in labels:
            value = str(labels[value])
        return safe_cell(_typed(value))

    return convert


def plan_columns(table, queryset: QuerySet, exclude_columns: Iterable[str] = ()):
    """An ``ExportColumn`` per exported column of ``table`` over ``queryset``."""
    paths = getattr(table, "export_paths", {})
    plan = []
    for bound in export_columns(table, exclude_columns):
        name, column = bound.name, bound.column
        path = paths.get(name, str(bound.accessor).replace(".", "__"))
        field = _field_at(queryset, path)
        per_chunk = getattr(column, "export_values", None)
        if field is not None and field.is_relation and per_chunk is None:
            raise ImproperlyConfigured(
                f"{type(table).__name__}.{name} exports a relation: name the value in "
                f"export_paths (e.g. {path}__name)."
            )
        shape = getattr(table, f"value_{name}", None) or getattr(column, "export_shape", None)
        convert = _converter(field, shape)
        header = force_str(bound.header)
        plan.append(ExportColumn(header, path, convert, per_chunk))
    return plan


def _chunks(rows: Iterator[dict], size: int) -> Iterator[list[dict]]:
    while chunk := list(islice(rows, size)):
        yield chunk


def table_rows(
    table, exclude_columns: Iterable[str] = (), chunk_size: int | None = None
) -> Iterator[list]:
    """The header, then one row per record of the configured (sorted, unpaginated)
    ``table``, every cell safe for a spreadsheet; read ``chunk_size`` records at a time."""
    queryset = getattr(table.data, "data", None)
    if not isinstance(queryset, QuerySet):
        for row in table.as_values(exclude_columns=exclude_columns):
            yield [safe_cell(_typed(value)) for value in row]
        return
    plan = plan_columns(table, queryset, exclude_columns)
    chunk_size = chunk_size or CHUNK_SIZE
    yield [safe_cell(column.header) for column in plan]
    paths = list(dict.fromkeys(column.path for column in plan))
    where = [paths.index(column.path) for column in plan]
    converted = [(i, c.convert) for i, c in enumerate(plan) if not c.per_chunk]
    chunked = [(i, c.per_chunk) for i, c in enumerate(plan) if c.per_chunk]
    # values_list() builds no model instances; prefetching is the per-chunk loaders' job.
    rows = queryset.prefetch_related(None).values_list(*paths).iterator(chunk_size=chunk_size)
    for chunk in _chunks(rows, chunk_size):
        loaded = [(i, load([row[where[i]] for row in chunk])) for i, load in chunked]
        for row in chunk:
            cells = [row[at] for at in where]
            for i, convert in converted:
                cells[i] = convert(cells[i])
            for i, values in loaded:
                cells[i] = safe_cell(values.get(cells[i]))
            yield cells


def csv_chunks(rows: Iterable[list], lines_per_chunk: int = CHUNK_SIZE) -> Iterator[str]:
    """``rows`` as CSV text, a few thousand lines per piece."""
    for chunk in _chunks(iter(rows), lines_per_chunk):
        piece = io.StringIO()
        csv.writer(piece).writerows(chunk)
        yield piece.getvalue()


def export_response(table, export_format: str, filename: str, exclude_columns=(), title: str = ""):
    """A download of ``table``: streamed CSV, or XLSX built in a file in LEAGUE_EXPORT_DIR
    (``title``: the sheet's name, by default the file name's stem)."""
    if export_format == CSV:
        rows = csv_chunks(table_rows(table, exclude_columns))
        body = streamed(rows)  # read by the server, in this request's scope
        response = StreamingHttpResponse(body, content_type=CONTENT_TYPES[CSV])
    elif export_format == XLSX:
        # Deleted when the response closes it; only the finished zip's bytes sit on disk,
        # in the project's own folder.
        spool = tempfile.TemporaryFile(dir=export_folder())  # noqa: SIM115 -- FileResponse closes it
        title = title or filename.rsplit(".", 1)[0]
        export_write(table, XLSX, spool, exclude_columns=exclude_columns, title=title)
        spool.seek(0)
        response = FileResponse(spool, content_type=CONTENT_TYPES[XLSX])
    else:
        raise ValueError(f"Unknown export format {export_format!r}.")
    response["Content-Disposition"] = attachment_header(filename)
    return response


def export_write(table, export_format: str, path, *, exclude_columns=(), title="", progress=None):
    """Write the export of ``table`` to the file at ``path`` (XLSX: or an open file);
    ``progress(rows written)`` is called every chunk. Returns the rows written."""
    written = 0

    def counted(rows: Iterator[list]) -> Iterator[list]:
        nonlocal written
        yield next(rows)  # the header
        for written, row in enumerate(rows, start=1):  # noqa: B007 -- read after the loop
            yield row
            if progress is not None and written % CHUNK_SIZE == 0:
                progress(written)

    rows = counted(table_rows(table, exclude_columns))
    if export_format == CSV:
        with open(path, "w", encoding="utf-8", newline="") as stream:
            for piece in csv_chunks(rows):
                stream.write(piece)
    else:
        columns = export_columns(table, exclude_columns)
        formats = [getattr(bound.column, "number_format", None) for bound in columns]
        write_sheet(rows, path, title=title, formats=formats)
    return written


class StreamingExportMixin(ExportMixin):
    """``ExportMixin`` for CSV and XLSX that streams every filtered, sorted row; the page's
    own paginated table (its COUNT and first page) is not built for an export."""

    export_formats = FORMATS
    # How a filter appears in the file name when not as ``<its-name>-<value>`` ("": the
    # value alone, for a value that names itself).
    export_filter_labels: dict[str, str] = {}
    export_sheet: str = ""  # the page's name, for the sheet and the download's page

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
        if not export_format:
            return super().render_to_response(context, **kwargs)
        title = str(self.export_sheet)
        job = getattr(self.request, "export_job", None)
        if job is not None:  # a background job runs this view to write the file
            job.rows = export_write(
                self.get_table(**self.get_table_kwargs()),
                export_format,
                job.path,
                exclude_columns=self.exclude_columns,
                title=title,
                progress=job.progress,
            )
            job.download_name = self.get_export_filename(export_format)
            return HttpResponse(status=204)
        size = self.export_rows()
        if export_format == XLSX and size >= SHEET_MAX_ROWS:  # CSV holds any number
            most, rows = grouped(SHEET_MAX_ROWS - 1), grouped(size)
            messages.error(
                self.request,
                _(
                    "An XLSX sheet holds at most %(most)s rows under its header and this "
                    "selection has %(rows)s: narrow the filters, or download CSV, which has no "
                    "limit."
                )
                % {"most": most, "rows": rows},
            )
            return downloads.back_to_page(self.request)
        if size > settings.LEAGUE_EXPORT_STREAM_ROWS:
            return downloads.export_later(self.request, export_format, size, title)
        return export_response(
            self.get_table(**self.get_table_kwargs()),
            export_format,
            self.get_export_filename(export_format),
            exclude_columns=self.exclude_columns,
            title=title,
        )

    def export_rows(self) -> int:
        """Rows the export holds (a view that knows it cheaply says so)."""
        data = self.get_table_data()
        return data.count() if isinstance(data, QuerySet) else len(data)

    def get_export_filename(self, export_format):
        """The page's name and its valid filters, in order."""
        filterset = getattr(self, "filterset", None)
        parts = []
        if filterset is not None and filterset.is_valid():
            parts = filter_parts(filterset.form.cleaned_data, self.export_filter_labels)
        return export_filename(self.export_name, parts, export_format)
