"""The league: the Django project (settings, root URLs, WSGI) and the ``league`` app (the
Season model, its admin and migrations, the nav, date formats, template tags, and the
``backup`` / ``restore`` commands). Its rooms:

* ``pages/``   the public pages, one module per subject (views, tables, filters);
* ``queries/`` the read side every page and the API ask;
* ``api/``     the read-only JSON API;
* ``caching/`` the league version, what bumps it, and the page cache under it;
* ``ops/``     backups, rate limits and the client address, security headers;
* ``bench/``   bench-only code, its own app (label ``bench``): nothing else imports it.
"""
