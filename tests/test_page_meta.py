"""What a search engine or a link preview reads: one meta description per page, specific
where the page is; Open Graph tags with the page's absolute address; and the markup
validators and Lighthouse judge: pagination, help text, htmx attributes."""

import re
from html.parser import HTMLParser

import pytest
from django.utils import translation

from games.models import AncientOne, Player, Scenario, Series, Team
from tests.addresses import reverse
from tests.factories import UserFactory, game, seat
from tests.test_template_leaks import league, public_pages  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db

DEFAULT = "Arkham League: results of Arkham Horror (2nd edition) games scored by the rulebook"


class Head(HTMLParser):
    """The page's meta tags, and any list nested in a span (invalid HTML)."""

    def __init__(self, html: str):
        super().__init__()
        self.meta: list[dict] = []
        self.open: list[str] = []
        self.list_in_span = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "meta":
            self.meta.append(dict(attrs))
            return
        if tag in {"ul", "ol", "div", "p"} and "span" in self.open:
            self.list_in_span = True
        if tag not in {"link", "input", "br", "img", "hr"}:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]

    def values(self, key: str, name: str) -> list[str]:
        return [m.get("content", "") for m in self.meta if m.get(key) == name]


def head(client, url, **extra) -> Head:
    response = client.get(url, **extra)
    assert response.status_code in {200, 404}, url
    return Head(response.content.decode())


def test_every_public_page_has_one_description_and_open_graph_tags(client, league):  # noqa: F811
    for url in public_pages(league):
        if "/feeds/" in url:  # /en/l/arkham/feeds/...: XML, no head
            continue
        page = head(client, url)
        descriptions = page.values("name", "description")
        assert len(descriptions) == 1, (url, descriptions)
        assert len(descriptions[0]) > 50, url
        assert page.values("property", "og:description") == descriptions, url
        for tag in ("og:title", "og:type", "og:url"):
            assert len(page.values("property", tag)) == 1, (url, tag)
            assert page.values("property", tag)[0], (url, tag)
        # The page itself, without its filters or query: what a shared link should show.
        path = url.split("?", 1)[0]
        assert page.values("property", "og:url")[0] == f"http://testserver{path}", url


def test_the_league_pages_describe_themselves(client, league):  # noqa: F811
    pages = {
        "home": (reverse("league:home"), "approved games of Arkham Horror"),
        "leaderboard": (reverse("league:leaderboard"), "ranked by its rulebook score"),
        "standings": (reverse("league:standings"), "player standings"),
        "teams": (reverse("league:teams"), "teams ranked by series points"),
        "ancient ones": (reverse("league:ancient_ones"), "against every Ancient One"),
        "scenarios": (reverse("league:scenarios"), "The Arkham League's scenarios"),
        "rules": (reverse("league:rules"), "victory score term by term"),
    }
    player = Player.objects.listed().order_by("pk").first()
    team = Team.objects.order_by("pk").first()
    ancient_one = AncientOne.objects.order_by("pk").first()
    scenario = Scenario.objects.order_by("pk").first()
    series = Series.objects.order_by("pk").first()
    for obj, text in (
        (player, f"{player} in the Arkham League: "),
        (team, f"The team {team} in the Arkham League: "),
        (ancient_one, f"The Arkham League against {ancient_one} (printed doom track"),
        (scenario, f"{scenario}, an Arkham League scenario"),
        (series, f"{series}, a series of Arkham League scenarios"),
    ):
        pages[str(obj)] = (obj.get_absolute_url(), text)
    for name, (url, text) in pages.items():
        (description,) = head(client, url).values("name", "description")
        assert text in description, (name, description)
        assert DEFAULT not in description, name
    assert head(client, player.get_absolute_url()).values("property", "og:title") == [player.name]


def test_a_game_page_says_who_beat_which_ancient_one_with_what_score(client):
    won = game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Ann", "Vincent Lee")])
    lost = game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured")
    (description,) = head(client, won.get_absolute_url()).values("name", "description")
    assert description.startswith(
        f"Ann and Bob beat Cthulhu with a score of {won.score} (sealed the gates)"
        " on 10 January 2026."
    )
    page = head(client, lost.get_absolute_url())
    (description,) = page.values("name", "description")
    assert description.startswith("Hastur beat Ann and Bob on 10 January 2026 (Devoured")
    assert page.values("property", "og:type") == ["article"]


def test_a_game_page_in_german_keeps_the_outcomes_capitals(client):
    won = game(seats=[seat("Ann")])
    with translation.override("de"):
        (description,) = head(client, won.get_absolute_url()).values("name", "description")
    assert description.startswith("Sieg über Cthulhu am ")
    assert "(Tore versiegelt)" in description  # a noun keeps its capital mid-sentence


def test_a_name_with_quotes_stays_inside_the_attribute(client):
    played = game(seats=[seat('Ann "Axe" O\'Hara'), seat("Bob", "Bob Jenkins")])
    player = Player.objects.get(name__startswith="Ann")
    for url in (played.get_absolute_url(), player.get_absolute_url()):
        (description,) = head(client, url).values("name", "description")
        assert 'Ann "Axe" O\'Hara' in description, url


def test_og_url_names_the_configured_site_whatever_host_was_asked(client, settings):
    settings.LEAGUE_SITE_URL = "https://league.example.org"
    settings.ALLOWED_HOSTS = ["10.0.0.7"]
    url = reverse("league:rules")
    assert head(client, url, HTTP_HOST="10.0.0.7").values("property", "og:url") == [
        f"https://league.example.org{url}"
    ]


def test_table_pages_mark_the_current_one_and_link_every_other(client, league):  # noqa: F811
    html = client.get(reverse("league:leaderboard"), {"per_page": 1, "page": 5}).content.decode()
    pagination = html[html.index('<ul class="pagination">') :]
    pagination = pagination[: pagination.index("</ul>")]
    assert 'href="#"' not in html
    current = re.findall(r'<a href="([^"]*)" aria-current="page">(\d+)</a>', pagination)
    assert len(current) == 1 and current[0][1] == "5", pagination
    assert "page=5" in current[0][0]
    assert '<li class="gap" aria-hidden="true">…</li>' in pagination
    assert re.search(r'<a href="[^"]*page=4[^"]*">Previous</a>', pagination)
    assert re.search(r'<a href="[^"]*page=6[^"]*">Next</a>', pagination)


def test_my_games_marks_its_current_page(client):
    user = UserFactory()
    for _ in range(26):
        game(submitted_by=user, status="pending")
    client.force_login(user)
    html = client.get(reverse("games:mine")).content.decode()
    assert '<li aria-current="page">Page 1 of 2</li>' in html


@pytest.mark.parametrize("name", ["signup", "password_change"])
def test_help_text_lists_are_not_inside_a_span(client, name):
    if name == "password_change":
        client.force_login(UserFactory())
    html = client.get(reverse(name)).content.decode()
    assert "<ul>" in html  # Django's password rules are a list
    assert not Head(html).list_in_span


def test_htmx_attributes_carry_the_data_prefix(client):
    client.force_login(UserFactory())
    html = client.get(reverse("games:new")).content.decode()
    assert "data-hx-post=" in html and "data-hx-headers=" in html
    assert not re.search(r"(?<![-\w])hx-[a-z]+=", html)
