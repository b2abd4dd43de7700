"""Schemathesis against the API's own OpenAPI document: every check, anonymous and signed
in, valid and invalid requests, on a small league, with the anonymous rate limit lifted and
a fixed seed (derandomized), so CI finds the same cases every run."""

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.core.failures import FailureGroup

from league.wsgi import application
from tests.factories import SeasonFactory, TeamFactory, game, moderator, scenario, seat

pytestmark = pytest.mark.django_db

EXAMPLES = 20  # per operation and mode: the module stays well under two minutes


@pytest.fixture
def api_schema(settings):
    settings.LEAGUE_API_ANON_RATE = "100000/s"
    cache.clear()
    SeasonFactory()
    game(seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins")])
    game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured", seats=[seat("Ann")])
    TeamFactory(name="Owls", members=["Ann", "Bob"])
    scenario()
    # Through WSGI, Django closes the connection after each request; the test's transaction
    # lives on it, so it stays open (as Django's own test client arranges).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/openapi.json", application)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def every_check():
    load_all_checks()
    return CHECKS.get_all()


def run_everything(schema, cookies=None):
    failures = []
    checks = every_check()
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @given(case=operation.as_strategy(generation_mode=mode))
            @hypothesis_settings(
                max_examples=EXAMPLES,
                derandomize=True,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            def check(case):
                # Uncompressed: the API gzips what a client accepts it for, and the
                # WSGI transport hands schemathesis the body as sent.
                case.call_and_validate(
                    checks=checks, cookies=cookies, headers={"Accept-Encoding": "identity"}
                )

            try:
                check()
            except Unsatisfiable:
                # No parameter to break (a list without filters, a free-text slug): there
                # is no invalid request of this operation to send.
                assert mode is GenerationMode.NEGATIVE, operation.label
            except (Exception, FailureGroup) as error:  # gathered, then reported all at once
                failures.append(f"{operation.label} ({mode.value}): {error}")
    assert not failures, "\n\n".join(failures)


def test_the_api_keeps_its_schema_for_anonymous_callers(api_schema):
    run_everything(api_schema)


def test_the_api_keeps_its_schema_for_a_signed_in_moderator(api_schema, client):
    client.force_login(moderator("boss"))
    run_everything(api_schema, cookies={"sessionid": client.cookies["sessionid"].value})
