"""CSV and XLSX exports that are safe to open in a spreadsheet.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and a
leading tab or carriage return can hide such a start; player names are typed by anyone.
Following OWASP's CSV-injection guidance, every text cell starting with one of those
characters gets a leading single quote, so it is shown as text and never evaluated.
Numbers and dates are left typed: the XLSX keeps numbers as numbers and dates as dates.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django_tables2.export import ExportMixin, TableExport
from tablib import Dataset

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TYPED = (bool, int, float, Decimal, datetime.date, datetime.time)  # datetime is a date


def neutralise(value):
    """``value`` for a spreadsheet cell: typed values as they are, risky text quoted."""
    if value is None or isinstance(value, TYPED):
        return value
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


class SafeTableExport(TableExport):
    """django-tables2's export with every cell passed through ``neutralise``."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None) -> Dataset:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        safe.headers = [neutralise(header) for header in dataset.headers or []]
        for row in dataset:
            safe.append([neutralise(cell) for cell in row])
        return safe


class SafeExportMixin(ExportMixin):
    """``ExportMixin`` limited to CSV and XLSX, through ``SafeTableExport``."""

    export_class = SafeTableExport
    export_formats = (TableExport.CSV, TableExport.XLSX)
