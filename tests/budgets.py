"""Query budgets for what the shared cache costs, added to a page's own queries.

On the database cache (the default) a read is one query and a store four (a savepoint,
one upsert, a count for culling, the release: ``league.caching.database``); on Redis,
none.
"""

from django.conf import settings

_ON_DATABASE = settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache")
CACHE_READ = 1 if _ON_DATABASE else 0
CACHE_STORE = 4 if _ON_DATABASE else 0
# A public page not yet cached: version and page looked up, then the page stored.
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
# A signed-in member's nav (league.caching.nav_facts): their facts read from the cache and,
# the first time (cold), their user row's facts and their own and their groups' permissions
# asked of the database, then stored; warm, the one read only.
MEMBER_NAV = CACHE_READ + 2 + CACHE_STORE
MEMBER_NAV_WARM = CACHE_READ
# The first miss of a page whose subject (a player, an Ancient One, ...) has no version in
# the cache yet, as after a bulk load: the subject's version is stored with the page.
PAGE_CACHE_FIRST_MISS = PAGE_CACHE_MISS + CACHE_STORE
