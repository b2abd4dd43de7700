"""CSV and XLSX exports that are safe to open in a spreadsheet.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and a
leading tab or carriage return can hide such a start; player names are typed by anyone.
Every cell goes through ``games.spreadsheets.safe_cell``, the one rule the results format
uses too: risky text gets a leading single quote, numbers and dates stay typed.
"""

from __future__ import annotations

from django_tables2.export import ExportMixin, TableExport
from tablib import Dataset

from games.spreadsheets import safe_cell


class SafeTableExport(TableExport):
    """django-tables2's export with every cell passed through ``safe_cell``."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None) -> Dataset:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        safe.headers = [safe_cell(header) for header in dataset.headers or []]
        for row in dataset:
            safe.append([safe_cell(cell) for cell in row])
        return safe


class SafeExportMixin(ExportMixin):
    """``ExportMixin`` limited to CSV and XLSX, through ``SafeTableExport``."""

    export_class = SafeTableExport
    export_formats = (TableExport.CSV, TableExport.XLSX)
