"""Running the site: backups, rate limits and the client address, headers, query text."""
