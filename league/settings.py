"""Arkham League settings: one file, driven by the environment.

Development needs nothing set (SQLite in the project folder, DEBUG on). Production sets
DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and usually DATABASE_URL.
"""

import datetime
import ipaddress
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    # Only ever used on a developer's machine: production refuses to start without a key.
    SECRET_KEY = "insecure-development-key-not-for-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # Before the admin, as it asks: the catalog's names per language (games/translation.py).
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.forms",  # its widget templates, for FORM_RENDERER = TemplatesSetting
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_filters",
    "django_htmx",
    "simple_history",
    "ninja",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "games",
    "games.jobs",
    "league",
    # Bench-only: the benchmark commands and the load test's bare page (bench/).
    "bench",
    # Last, as django-axes asks: it counts failed log-ins (site and admin) and locks them out.
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "league.ops.query_text.QueryTextMiddleware",  # no control character comes back
    "csp.middleware.CSPMiddleware",
    "league.ops.headers.PermissionsPolicyMiddleware",
    "league.api.http.ApiCorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below whitenoise (static files come compressed) and above the page cache (which so
    # keeps plain bodies); against BREACH see docs/caching.md.
    "django.middleware.gzip.GZipMiddleware",
    # Below gzip (an ETag of the plain body), above the page cache: 304 for an unchanged copy.
    "django.middleware.http.ConditionalGetMiddleware",
    # Above the page cache, so a league the reader may not read is a 404 before any copy
    # is served (its view step runs after every request step: the reader is known).
    "league.current.CurrentLeagueMiddleware",
    # Above the session, CSRF and messages middleware, so it sees every cookie they set.
    "league.caching.page_cache.PageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last: turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "league.urls"
WSGI_APPLICATION = "league.wsgi.application"

# Forms render through the site's templates, so templates/django/forms/ may replace one of
# Django's widget templates (a select writes its options in one loop: same markup, faster).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "league.context_processors.nav",
                "league.context_processors.page_url",
                "league.context_processors.fragments",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        # A kept connection is checked (one SELECT 1) before each request's first query,
        # so a restarted database costs no error page; off, a cached page's hit on the
        # database cache is one round trip instead of two (docs/performance.md).
        conn_health_checks=env_bool("DJANGO_CONN_HEALTH_CHECKS", True),
    )
}
SQLITE_BUSY_SECONDS = 20  # a write waits this long for another before it fails
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Browser tests reach the live server from several threads at once (htmx previews beside
    # a form post); an in-memory test database would be one connection shared by them all.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}
    # Several processes share the file: write-ahead logging lets pages be read while a
    # game is written; a transaction takes the write lock when it begins, so one that read
    # first never meets "database is locked" when it comes to write. Options given in
    # DATABASE_URL (``?timeout=60``) win over these.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_SECONDS,
        "init_command": "PRAGMA journal_mode=WAL",
        **DATABASES["default"].get("OPTIONS", {}),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# One cache every worker process shares: the database by default, Redis when REDIS_URL
# names one (docs/caching.md).
CACHE_TABLE = "league_cache"
REDIS_URL = os.environ.get("REDIS_URL", "")
# Short socket timeouts, so a server that hangs rather than refuses cannot hold a worker.
REDIS_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
LEAGUE_PAGE_MEMORY_ENTRIES = int(os.environ.get("LEAGUE_PAGE_MEMORY_ENTRIES", "500"))
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_OPTIONS,
        }
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
            # Room for every public page at a few filters each before culling starts.
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    ),
    "pages": {
        "BACKEND": "django.core.cache.backends."
        + ("locmem.LocMemCache" if LEAGUE_PAGE_MEMORY_ENTRIES else "dummy.DummyCache"),
        "LOCATION": "league-pages",
        "OPTIONS": {"MAX_ENTRIES": LEAGUE_PAGE_MEMORY_ENTRIES},
    },
    # Parts of a page kept in each process under the versions the page was read with
    # ({% cache fragment_seconds "name" page_versions ... using="fragments" %}): a player's
    # summaries are rendered once for every page, sort and filter of their games.
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "league-fragments",
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}
# Background jobs (games.jobs): a table of the database (`manage.py db_worker`), or RQ.
TASKS = {
    "default": {
        "BACKEND": "django_tasks_rq.RQBackend" if REDIS_URL else "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default"],
    }
}
if REDIS_URL:
    INSTALLED_APPS += ["django_rq", "django_tasks_rq"]
    RQ_QUEUES = {"default": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 3600}}

LEAGUE_PAGE_CACHE_SECONDS = int(os.environ.get("LEAGUE_PAGE_CACHE_SECONDS", "600"))
LEAGUE_PAGE_STALE_SECONDS = int(os.environ.get("LEAGUE_PAGE_STALE_SECONDS", "10"))
# A page retired again within this many seconds of its last render keeps serving that copy
# until then: under a burst of writes each page renders at most once in this time.
LEAGUE_PAGE_RENDER_SECONDS = int(os.environ.get("LEAGUE_PAGE_RENDER_SECONDS", "2"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes' backend first: it refuses a locked-out username+address before any password check.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Sessions in the database (Django's default engine): a cache outage signs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "leagues"
LOGOUT_REDIRECT_URL = "leagues"

LANGUAGE_CODE = "en"
# The languages the game was published in; catalogues in locale/ (README: "Languages").
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The admin fills a new box's or investigator's address from its English name, whatever
# language the staff member reads the admin in.
MODELTRANSLATION_PREPOPULATE_LANGUAGE = "en"
# One prose and one table date format everywhere, the admin included (league/formats/).
FORMAT_MODULE_PATH = ["league.formats"]
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "league@localhost")
# Where the site is served, for links in e-mails sent outside a request (moderation).
LEAGUE_SITE_URL = os.environ.get("LEAGUE_SITE_URL", "").rstrip("/")

DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# Content-Security-Policy (django-csp), in development and tests too so a violation shows
# early: every script and stylesheet is a file of our own; no inline script, style, or eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Browser features no page of the league uses, switched off for every page and frame.
PERMISSIONS_POLICY = {
    "accelerometer": [],
    "camera": [],
    "geolocation": [],
    "gyroscope": [],
    "magnetometer": [],
    "microphone": [],
    "payment": [],
    "usb": [],
}

# Log-in throttling (django-axes): 5 wrong passwords for one username from one address lock
# that pair out for 15 minutes, on the site and in the admin; staff lift it in the admin.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# In the database, not the cache: log-in throttling holds while the cache is down.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
# The site's one client-address rule, so a lockout cannot be dodged by a forged
# X-Forwarded-For; axes 8 asks this callable before (and instead of) django-ipware.
AXES_CLIENT_IP_CALLABLE = "league.ops.throttle.client_address"
# The start-up banner would print on every manage.py command and test run.
AXES_VERBOSE = False
# Only a request from one of our proxies has its X-Forwarded-For read (league.ops.throttle).
try:
    LEAGUE_TRUSTED_PROXIES = [
        ipaddress.ip_network(item, strict=False) for item in env_list("LEAGUE_TRUSTED_PROXIES", "")
    ]
except ValueError as error:
    raise ImproperlyConfigured(f"LEAGUE_TRUSTED_PROXIES: {error}") from None
# Per-address limits on account pages that create rows or send mail: (posts, seconds).
# Kept in the cache: with several worker processes, point CACHES at a shared cache.
LEAGUE_THROTTLES = {
    "signup": (10, 3600),
    "password_reset": (5, 3600),
}

LEAGUE_API_ANON_RATE = os.environ.get("LEAGUE_API_ANON_RATE", "120/m")

# A bare page for `make loadtest` to compare with (bench.views); off unless asked.
LEAGUE_BENCH_VIEWS = env_bool("LEAGUE_BENCH_VIEWS", False)

# Bounds on a results import (games/imports/limits.py).
LEAGUE_IMPORT_MAX_BYTES = int(os.environ.get("LEAGUE_IMPORT_MAX_BYTES", str(200 * 1024**2)))
LEAGUE_IMPORT_MAX_PROBLEMS = int(os.environ.get("LEAGUE_IMPORT_MAX_PROBLEMS", "200"))
LEAGUE_IMPORT_READ_SECONDS = float(os.environ.get("LEAGUE_IMPORT_READ_SECONDS", "120"))
LEAGUE_IMPORT_XLSX_MAX_UNPACKED = int(os.environ.get("LEAGUE_IMPORT_XLSX_MAX_UNPACKED", 2**31))
# A results export packs about 12 times, a sparse sheet up to ~150; a zip bomb ~1,000.
LEAGUE_IMPORT_XLSX_MAX_RATIO = int(os.environ.get("LEAGUE_IMPORT_XLSX_MAX_RATIO", "200"))
# The project's own folder for uploads (never the machine's shared temporary folder).
LEAGUE_UPLOAD_DIR = Path(os.environ.get("LEAGUE_UPLOAD_DIR", str(BASE_DIR / "var" / "uploads")))
LEAGUE_UPLOAD_MAX_AGE = int(os.environ.get("LEAGUE_UPLOAD_MAX_AGE", str(24 * 3600)))
FILE_UPLOAD_TEMP_DIR = str(LEAGUE_UPLOAD_DIR)
LEAGUE_EXPORT_STREAM_ROWS = int(os.environ.get("LEAGUE_EXPORT_STREAM_ROWS", "50000"))
LEAGUE_EXPORT_DIR = Path(os.environ.get("LEAGUE_EXPORT_DIR", str(BASE_DIR / "var" / "exports")))
LEAGUE_EXPORT_MAX_AGE = int(os.environ.get("LEAGUE_EXPORT_MAX_AGE", str(24 * 3600)))
LEAGUE_JOB_STALE_SECONDS = int(os.environ.get("LEAGUE_JOB_STALE_SECONDS", "300"))

LEAGUE_AUTO_APPROVE = env_bool("LEAGUE_AUTO_APPROVE", False)

LEAGUE_RATING_PROVISIONAL_GAMES = int(os.environ.get("LEAGUE_RATING_PROVISIONAL_GAMES", "10"))
LEAGUE_RATING_CHART_POINTS = int(os.environ.get("LEAGUE_RATING_CHART_POINTS", "120"))

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # Cookies over HTTPS only; off just for `make demo`, served over plain HTTP on 127.0.0.1.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}
