"""The league: the Django project (settings, root URLs, WSGI) and the ``league`` app (leagues,
seasons, the nav). Its rooms: ``pages/`` (public pages), ``queries/`` (the read side pages
and the API ask), ``api/``, ``caching/``, ``organise/``, ``ops/``."""
