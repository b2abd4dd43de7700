"""The league's caching room, on Django's own cache backends: versions of what pages show
(``subjects``, ``versions``), what bumps them (``invalidation``), whole pages kept under
them (``page_cache``, ``fills``), and a cache that does not answer (``outage``)."""
