"""The "Organise" area (``/organise/``): what a league's organisers run from the site.

Everything here is about ``request.league`` and needs to organise it (``roles.can_organise``:
an organiser membership, or site staff holding ``league.organise_league``; never
``is_staff``): naming and removing moderators and organisers, members, invitations and
join requests, the league's settings, seasons and scenarios, the export of its whole
history (a background job) and the home page's announcement. ``leagues`` holds the pages
outside any league: creating one, one's membership of one.
"""
