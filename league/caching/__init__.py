"""The league's caching room: the league version (``versions``), what bumps it on every
write (``invalidation``), and whole public pages kept under it (``page_cache``)."""
