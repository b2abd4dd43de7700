"""Compressed HTML for clients that accept gzip, cached pages included, with Django's
BREACH mitigations (random padding of each answer, masked CSRF tokens)."""

import gzip
import re

import pytest
from django.conf import settings
from django.test import Client

from tests.addresses import reverse
from tests.factories import UserFactory, game

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')


@pytest.fixture(autouse=True)
def league():
    game()


def body(response) -> bytes:
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(response.content)
    return response.content


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",")}


@pytest.mark.parametrize("name", ["league:home", "league:leaderboard", "league:standings"])
def test_a_cached_page_is_compressed_on_a_miss_and_on_a_hit(name):
    url = reverse(name)
    client = Client()
    miss = client.get(url, headers=GZIP)
    hit = client.get(url, headers=GZIP)
    assert (miss["X-Cache"], hit["X-Cache"]) == ("miss", "hit")
    for response in (miss, hit):
        assert response["Content-Encoding"] == "gzip"
        assert "accept-encoding" in vary(response)
        assert int(response["Content-Length"]) == len(response.content)
        assert len(response.content) < len(body(response)) / 2
    assert body(miss) == body(hit)


def test_the_cache_keeps_plain_pages_for_clients_without_gzip():
    url = reverse("league:home")
    compressed = Client().get(url, headers=GZIP)
    plain = Client().get(url)
    assert (compressed["X-Cache"], plain["X-Cache"]) == ("miss", "hit")
    assert "Content-Encoding" not in plain
    assert plain.content.startswith(b"<!doctype html>")
    assert plain.content == body(compressed)
    assert "accept-encoding" in vary(plain)  # a shared proxy keeps the two apart


def test_each_compressed_answer_is_padded_at_random():
    """Heal-the-Breach: the same page compresses to a different length each time, so its
    length tells an attacker nothing about a guessed secret."""
    url = reverse("league:home")
    client = Client()
    lengths = {len(client.get(url, headers=GZIP).content) for _ in range(20)}
    assert len(lengths) > 1


def test_a_members_token_is_masked_afresh_in_every_compressed_answer():
    client = Client()
    client.force_login(UserFactory(username="member"))
    url = reverse("league:home")
    tokens = [TOKEN.search(body(client.get(url, headers=GZIP))).group(1) for _ in range(3)]
    assert len(set(tokens)) == 3


def test_gzip_sits_below_whitenoise_and_above_the_page_cache():
    """Static files come compressed from collectstatic (whitenoise serves the .gz/.br copy
    itself, and leaves images alone); pages are compressed after the cache, so it keeps
    plain bodies."""
    order = settings.MIDDLEWARE
    gzip_at = order.index("django.middleware.gzip.GZipMiddleware")
    assert order.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    assert gzip_at < order.index("league.caching.page_cache.PageCacheMiddleware")
