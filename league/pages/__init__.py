"""The public pages: one module per subject (its views, tables and filters) and ``urls``;
beside them what the pages share: ``tables``, ``filters``, ``choices``, ``paginators``,
``charts``, ``exports``, ``downloads`` and ``feeds``. Every number comes from
``league.queries``."""
