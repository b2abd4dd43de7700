"""The league's read side for pages and the API: every aggregate is a database annotation
or a summary row; nothing here loops over all games in Python."""
