# The README's two commands: `make run` and `make test`. Both install what they need.
VENV   := .venv
PY     := $(VENV)/bin/python
# A stamp per content of the requirements files: editing one installs again.
STAMP  := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
DEV_STAMP := $(VENV)/.installed-dev-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
DEMO_DB ?= sqlite:///$(CURDIR)/demo.sqlite3
DEMO_GAMES ?= 3000
# The demo shows two leagues sharing some players (a third one would be invitation-only).
DEMO_LEAGUES ?= 2
PORT ?= 8000

.PHONY: install install-dev run test test-redis fuzz gettext messages lint format demo demo-reset chromium java bench loadtest wrk backup restore

$(PY):
	python3 -m venv $(VENV)

# make run installs what the site runs on; make test adds the test and lint tools.
$(STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-[0-9]*
	touch $@

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	rm -f $(VENV)/.installed-dev-*
	touch $@

install: $(STAMP)

install-dev: $(DEV_STAMP)

# Background jobs run on a task worker beside the web server: the database queue's
# db_worker, or RQ's worker when REDIS_URL names a Redis. Ctrl-C stops both.
WORKER = $(if $(REDIS_URL),rqworker --worker-class rq.worker.SimpleWorker --job-class django_tasks_rq.Job default,db_worker)

run: install
	$(PY) manage.py migrate
	$(PY) manage.py sweep_jobs
	@trap 'kill $$worker 2>/dev/null; wait $$worker' INT TERM EXIT; \
	  $(PY) manage.py $(WORKER) & worker=$$!; \
	  $(PY) manage.py runserver 127.0.0.1:$(PORT)

# Browser tests drive Debian's Chromium (Playwright cannot download a browser here).
chromium:
	@test -x /usr/bin/chromium || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The Nu HTML checker that judges every page (tests/test_html_validity.py) runs on Java.
java:
	@command -v java >/dev/null || { \
	  echo "Installing Debian's default-jre-headless for the HTML checker"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

# The catalogues (locale/) are built with GNU gettext: make test compiles them (the .mo
# files are committed too, so make run needs no gettext).
gettext:
	@command -v msgfmt >/dev/null || { \
	  echo "Installing Debian's gettext for the translation catalogues"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext; }

# After changing a text: the catalogues take the new messages (README: "Languages").
I18N_IGNORE = -i ".venv/*" -i "tests/*" -i "bench/*" -i "staticfiles/*" -i "node_modules/*"
messages: install gettext
	$(PY) manage.py makemessages -l en -l de -l fr -l es -l pl --no-obsolete $(I18N_IGNORE)

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: install-dev chromium java gettext lint
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) manage.py compilemessages $(I18N_IGNORE)
	node --test tests/js/
	$(VENV)/bin/pytest

# The cache's tests again on Redis, as a site with several app servers runs (.ci/run starts
# a redis-server). Each test empties that Redis database: never point it at a live one.
REDIS_TEST_URL ?= redis://127.0.0.1:6379/1
test-redis: install-dev
	REDIS_URL=$(REDIS_TEST_URL) $(VENV)/bin/pytest -q -rs tests/test_page_cache.py \
	  tests/test_cache_across_processes.py tests/test_login_throttling.py \
	  tests/test_cache_members.py tests/test_cache_retirement.py \
	  tests/test_cache_by_subject.py tests/test_cache_stale.py

# The result form's property test at 10,000 examples (make test runs the "ci" profile: 300).
fuzz: install-dev
	HYPOTHESIS_PROFILE=fuzz $(VENV)/bin/pytest tests/test_fuzz_result_form.py \
	  --hypothesis-show-statistics -k never_crashes

# A living league on its own database: real data is never touched. It runs as production
# does (DEBUG off, a fresh secret key each run, static files collected and served by
# whitenoise, the site's own error pages), but over plain HTTP on 127.0.0.1: no redirect to
# HTTPS, no HTTPS-only cookies, and mail printed on the console instead of sent.
DEMO_ENV = DATABASE_URL=$(DEMO_DB) DJANGO_DEBUG=0 DJANGO_SECRET_KEY=$(DEMO_SECRET_KEY) \
  DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost DJANGO_SECURE_SSL_REDIRECT=0 \
  DJANGO_SECURE_COOKIES=0 DJANGO_EMAIL_BACKEND=django.core.mail.backends.console.EmailBackend

demo: install
	$(eval DEMO_SECRET_KEY := $(shell python3 -c 'import secrets; print(secrets.token_urlsafe(50))'))
	@echo "The demo on $(DEMO_DB), DEBUG off: collectstatic, migrate, seed_demo, runserver and a task worker"
	@$(DEMO_ENV) $(PY) manage.py collectstatic --noinput --verbosity 0
	@$(DEMO_ENV) $(PY) manage.py migrate
	@$(DEMO_ENV) $(PY) manage.py seed_demo --games $(DEMO_GAMES) --leagues $(DEMO_LEAGUES) --if-empty --demo-login
	@trap 'kill $$worker 2>/dev/null; wait $$worker' INT TERM EXIT; \
	  $(DEMO_ENV) $(PY) manage.py $(WORKER) & worker=$$!; \
	  $(DEMO_ENV) $(PY) manage.py runserver 127.0.0.1:$(PORT)

# Start the demo league over: only ever removes the demo's own SQLite file.
demo-reset:
	rm -f $(CURDIR)/demo.sqlite3
	$(MAKE) demo

# Page timings at several league sizes, e.g. make bench BENCH_ARGS="--sizes 1000,10000".
bench: install
	$(PY) manage.py bench_pages $(BENCH_ARGS)

# gunicorn (2 workers, DEBUG off) and wrk against the league DATABASE_URL names: req/s per
# page next to a bare Django page, with the page cache warm and off.
loadtest: install wrk
	@test -n "$(DATABASE_URL)" || { echo "Usage: make loadtest DATABASE_URL=postgres://..."; exit 2; }
	DATABASE_URL=$(DATABASE_URL) $(PY) manage.py loadtest $(LOADTEST_ARGS)

wrk:
	@command -v wrk >/dev/null || { \
	  echo "Installing Debian's wrk for the load test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }

# Backups of the database DATABASE_URL names, into backups/ (see the README's "Backups").
backup: install
	$(PY) manage.py backup

restore: install
	@test -n "$(FILE)" || { echo "Usage: make restore FILE=backups/<file>"; exit 2; }
	$(PY) manage.py restore "$(FILE)"
