"""Running the site: database backups and restores (``backups``, behind ``manage.py backup`` /
``restore``), per-address rate limits and the client address (``throttle``), and the
Permissions-Policy header (``headers``)."""
