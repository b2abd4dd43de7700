"""The public pages: one module per subject, each holding its views, tables and filters --
``home``, ``games`` (the leaderboard), ``players`` (standings, a player's page), ``teams``,
``scenarios`` (and series), ``ancient_ones``, ``rules`` -- and ``urls`` naming them.

Beside them, what the pages share: ``tables`` (base table and columns), ``filters`` (the
season picker), ``paginators``, ``charts`` (server-side SVG), ``exports`` (streamed CSV and
XLSX of any table) and ``feeds`` (Atom). Every number comes from ``league.queries``.
"""
