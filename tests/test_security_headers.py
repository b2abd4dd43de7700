"""Security headers (issue table row 12): a strict Content-Security-Policy and a
Permissions-Policy on every page, and pages that need no inline script or style."""

import re

import pytest

from games.models import AncientOne, Player
from tests.addresses import reverse
from tests.factories import UserFactory, game

pytestmark = pytest.mark.django_db

# A data block (Django's json_script: the scripts' texts) is no script: never run, and
# CSP's script-src does not apply to it.
INLINE_SCRIPT = re.compile(
    r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>', re.IGNORECASE
)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style\b", re.IGNORECASE)


def directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in parts}


def test_every_page_sends_a_strict_content_security_policy(client, settings):
    assert not settings.DEBUG  # as in production: the header does not depend on DEBUG
    policy = directives(client.get(reverse("league:home")))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    for values in policy.values():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*"} & set(values)


def test_the_policy_follows_the_settings_and_yields_to_a_views_own(client, settings, rf):
    """The header is written from the settings now, and a view's own decorator wins."""
    from csp.decorators import csp_update
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    home = reverse("league:home")
    first, again = client.get(home), client.get(f"{home}?x=1")
    assert first["Content-Security-Policy"] == again["Content-Security-Policy"]
    policy = dict(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"] = {**policy["DIRECTIVES"], "img-src": ["'self'", "data:"]}
    settings.CONTENT_SECURITY_POLICY = policy
    assert directives(client.get(home))["img-src"] == ["'self'", "data:"]

    @csp_update({"img-src": "https://maps.example"})
    def own(request):
        return HttpResponse("ok")

    response = CSPMiddleware(own)(rf.get("/own/"))
    assert "https://maps.example" in directives(response)["img-src"]
    plain = CSPMiddleware(lambda request: HttpResponse("ok"))(rf.get("/plain/"))
    assert "https://maps.example" not in directives(plain)["img-src"]


def test_every_page_sends_a_permissions_policy(client):
    response = client.get(reverse("league:leaderboard"))
    features = dict(item.strip().split("=") for item in response["Permissions-Policy"].split(","))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[feature] == "()"


def test_headers_are_on_error_pages_and_partials_too(client):
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404
    assert "Content-Security-Policy" in missing and "Permissions-Policy" in missing
    client.force_login(UserFactory())
    preview = client.post(reverse("games:preview"), {}, HTTP_HX_REQUEST="true")
    assert "Content-Security-Policy" in preview


def pages(session):
    """Every kind of page a visitor, a member and an admin open."""
    player = Player.objects.get(name="Ann")
    ancient_one = AncientOne.objects.get(name="Cthulhu")
    return [
        reverse("league:home"),
        reverse("league:leaderboard"),
        reverse("league:standings"),
        reverse("league:player", kwargs={"slug": player.slug}),
        reverse("league:ancient_ones"),
        reverse("league:ancient_one", kwargs={"slug": ancient_one.slug}),
        reverse("games:detail", kwargs={"pk": session.pk}),
        reverse("games:history", kwargs={"pk": session.pk}),
        reverse("games:new"),
        reverse("games:edit", kwargs={"pk": session.pk}),
        reverse("games:mine"),
        reverse("admin:index"),
        reverse("admin:games_session_changelist"),
        reverse("admin:games_session_change", args=[session.pk]),
        reverse("admin:games_session_history", args=[session.pk]),
        reverse("admin:axes_accessattempt_changelist"),
    ]


def test_no_page_carries_inline_script_style_or_event_handlers(client):
    session = game()
    game(terror_level=0)  # two victories: the charts draw lines and bars
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    anonymous = client.__class__()
    checked = [(anonymous, reverse("login")), (anonymous, reverse("signup"))]
    checked += [(client, url) for url in pages(session)]
    for who, url in checked:
        response = who.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), url
        assert not STYLE_ATTRIBUTE.search(html), (url, STYLE_ATTRIBUTE.search(html))
        assert not EVENT_HANDLER.search(html), (url, EVENT_HANDLER.search(html))
        assert not STYLE_ELEMENT.search(html), url


def test_htmx_is_told_not_to_inject_styles_or_eval(client):
    html = client.get(reverse("league:home")).content.decode()
    assert '<meta name="htmx-config"' in html
    assert '"includeIndicatorStyles": false' in html and '"allowEval": false' in html
