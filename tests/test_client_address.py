"""Who is asking: one rule (``league.ops.throttle.client_address``) for log-in lockouts,
account rate limits and the API's anonymous rate limit. X-Forwarded-For counts only when
it comes from one of our own proxies (``LEAGUE_TRUSTED_PROXIES``)."""

import ipaddress
import os
import subprocess
import sys

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.test import RequestFactory

from league.ops.throttle import client_address
from tests.addresses import reverse
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"


def networks(*items):
    return [ipaddress.ip_network(item) for item in items]


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded", "expected"),
    [
        # No proxy of ours: the header is the client's own words.
        ((), PROXY, "1.1.1.1", PROXY),
        # A peer that is not ours cannot name someone else.
        (("10.0.0.0/8",), "198.51.100.7", "1.1.1.1", "198.51.100.7"),
        (("10.0.0.1",), PROXY, "1.1.1.1", "1.1.1.1"),
        # Spoofed entries on the left are ignored: the right-most untrusted address counts.
        (("10.0.0.1",), PROXY, "6.6.6.6, 1.1.1.1", "1.1.1.1"),
        # Two proxies of ours (a network): both skipped.
        (("10.0.0.0/8",), PROXY, "6.6.6.6, 1.1.1.1, 10.0.0.2", "1.1.1.1"),
        (("10.0.0.1", "2001:db8::/32"), "2001:db8::5", "2a00::9", "2a00::9"),
        # Only our proxies in the chain: the farthest of them.
        (("10.0.0.0/8",), PROXY, "10.0.0.3, 10.0.0.2", "10.0.0.3"),
        # No header, or garbage where an address should be: the nearest hop we can name.
        (("10.0.0.1",), PROXY, "", PROXY),
        (("10.0.0.0/8",), PROXY, "not-an-ip, 10.0.0.2", "10.0.0.2"),
    ],
)
def test_the_client_address_trusts_only_our_own_proxies(
    settings, trusted, peer, forwarded, expected
):
    settings.LEAGUE_TRUSTED_PROXIES = networks(*trusted)
    request = RequestFactory().get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_a_new_forwarded_for_each_time_does_not_lift_the_api_limit(client, settings):
    settings.LEAGUE_API_ANON_RATE = "3/m"
    statuses = [
        client.get("/api/ancient-ones", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code
        for n in range(6)
    ]
    assert statuses == [200, 200, 200, 429, 429, 429]


def test_behind_our_proxy_each_client_has_its_own_api_limit(client, settings):
    settings.LEAGUE_API_ANON_RATE = "2/m"
    settings.LEAGUE_TRUSTED_PROXIES = networks("10.0.0.0/8")

    def get(forwarded):
        return client.get(
            "/api/ancient-ones", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded
        ).status_code

    assert [get("6.6.6.6, 198.51.100.7") for _ in range(3)] == [200, 200, 429]
    # Another spoofed left-hand entry changes nothing: the client is still 198.51.100.7.
    assert get("7.7.7.7, 198.51.100.7") == 429
    assert get("203.0.113.9") == 200


def test_a_forged_forwarded_for_does_not_dodge_a_login_lockout(client):
    UserFactory(username="ann")
    for n in range(5):
        client.post(
            reverse("login"),
            {"username": "ann", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        )
    assert AccessAttempt.objects.get().ip_address == "127.0.0.1"
    response = client.post(
        reverse("login"),
        {"username": "ann", "password": "correct-horse-battery"},
        HTTP_X_FORWARDED_FOR="192.0.2.1",
    )
    assert response.status_code == 429


def test_a_forged_forwarded_for_does_not_dodge_the_signup_limit(client):
    statuses = [
        client.post(reverse("signup"), {}, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code
        for n in range(11)
    ]
    assert statuses[-1] == 429


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "LEAGUE_TRUSTED_PROXIES"}
    environment.update(env, DJANGO_SETTINGS_MODULE="league.settings")
    return subprocess.run([sys.executable, *args], env=environment, capture_output=True, text=True)


PROXIES = (
    "from django.conf import settings; print([str(n) for n in settings.LEAGUE_TRUSTED_PROXIES])"
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, "[]"),  # nothing set: no proxy is trusted
        (
            " 10.0.0.5, 10.1.0.0/16,2001:db8::/32 ",
            "['10.0.0.5/32', '10.1.0.0/16', '2001:db8::/32']",
        ),
    ],
)
def test_the_setting_reads_addresses_and_networks(value, expected):
    env = {} if value is None else {"LEAGUE_TRUSTED_PROXIES": value}
    result = run("-c", PROXIES, **env)
    assert result.stdout.strip() == expected, result.stderr


def test_a_mistyped_proxy_stops_the_site_with_the_reason():
    result = run("manage.py", "check", LEAGUE_TRUSTED_PROXIES="10.0.0.300")
    assert result.returncode != 0
    assert "LEAGUE_TRUSTED_PROXIES: '10.0.0.300' does not appear" in result.stderr
