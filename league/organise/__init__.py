"""The "Organise" area (``/organise/``): what a league's organisers run from the site, for
``request.league`` and behind ``roles.can_organise`` (never ``is_staff``). ``leagues`` holds
the pages outside any league: creating one, one's membership of one."""
