"""Query budgets for what the shared cache costs, added to a page's own queries.

On Django's database cache (the default) a read is one query and a store five (a count for
culling, a savepoint, the key's row read, its insert or update, the release); on Redis, none.
"""

from django.conf import settings

_ON_DATABASE = settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache")
CACHE_READ = 1 if _ON_DATABASE else 0
# The league a page is of (``request.league``): read once, on a hit too (its versions name it).
LEAGUE_READ = 1
CACHE_STORE = 5 if _ON_DATABASE else 0
# A public page not yet cached: versions and page looked up, then the page stored.
PAGE_CACHE_MISS = CACHE_READ + CACHE_STORE
# A filter form's choice lists (league.pages.choices): read with their versions, and when
# they changed since, stored again: the catalog's lists in one entry, the public players'
# in another (the lists themselves are the page's own queries).
FILTER_CHOICES = CACHE_READ + 2 * CACHE_STORE
# A chart's figure (league/includes/chart.html), cached under its data: read, and stored
# when it is new.
CHART = CACHE_READ + CACHE_STORE
# The API's anonymous rate limit: the caller's history read, then stored.
API_RATE_LIMIT = CACHE_READ + CACHE_STORE
# The page's league and the member's role in it (do they moderate it, organise it, may
# they join it?), asked once a request.
LEAGUE_ROLE = 2
# A signed-in member's navigation: their session, their user row, and their own and their
# groups' permissions (is this a site moderator?), as Django reads them; their league role.
MEMBER_NAV = 4 + LEAGUE_ROLE
# ... on a page that reads the member and checks the permission itself anyway: the role.
MEMBER_NAV_WARM = LEAGUE_ROLE
# A page's league's own version made again by the first page read after a write of the
# league's own rows (a team, a scenario: a bulk load), with the league itself.
LEAGUE_FIRST_MISS = LEAGUE_READ + CACHE_READ + CACHE_STORE
# The first miss of a page whose subject (a player, an Ancient One, ...) has no version in
# the cache yet, as after a bulk load: the subject's version read again and added, and the
# league's own.
PAGE_CACHE_FIRST_MISS = PAGE_CACHE_MISS + CACHE_READ + CACHE_STORE + LEAGUE_FIRST_MISS
