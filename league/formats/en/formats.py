"""The league's date formats, one for prose and one for tables (pages, e-mails and admin).

Prose reads "15 June 2024" (no month/day ambiguity for anyone); tables use ISO
"2024-06-15", which lines up in a column and sorts as it reads. Django uses these through
``FORMAT_MODULE_PATH`` instead of the locale's "June 15, 2024" / "06/15/2024".
"""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
