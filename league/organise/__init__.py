"""The "Organise" area (``/organise/``): what the league's organisers run from the site.

Everything here needs ``league.organise_league`` (granted through the "Organisers" group,
never ``is_staff``): naming and removing moderators and organisers, the seasons, the
export of the league's whole history (a background job) and the home page's announcement.
"""
