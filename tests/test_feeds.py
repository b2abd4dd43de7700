"""Atom feeds of approved results: the league's, by player, Ancient One, team and scenario."""

import datetime
import xml.etree.ElementTree as ET

import feedparser
import pytest

from games.models import Player
from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def entries(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    return feed, [
        (entry.find(f"{ATOM}title").text, entry.find(f"{ATOM}link").get("href"))
        for entry in feed.findall(f"{ATOM}entry")
    ]


def test_results_feed_lists_approved_games_newest_submission_first(client):
    older = game(played_on=datetime.date(2025, 3, 1))
    newer = game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured")
    game(status="pending")
    feed, items = entries(client, reverse("feeds:results"))
    assert feed.find(f"{ATOM}title").text == "Arkham League: latest results"
    assert [link for _, link in items] == [
        f"http://testserver{newer.get_absolute_url()}",
        f"http://testserver{older.get_absolute_url()}",
    ]
    assert items[0][0] == "Hastur: Defeat"
    assert items[1][0] == f"Cthulhu: Sealed the gates, score {older.score}"


def test_player_feed_has_only_their_games(client):
    theirs = game(seats=[seat("Ann")])
    game(seats=[seat("Bob", "Bob Jenkins")], played_on=datetime.date(2026, 1, 9))
    ann = Player.objects.get(name="Ann")
    feed, items = entries(client, reverse("feeds:player", args=[ann.slug]))
    assert "Ann" in feed.find(f"{ATOM}title").text
    assert [link for _, link in items] == [f"http://testserver{theirs.get_absolute_url()}"]


def test_ancient_one_feed_has_only_games_against_it(client):
    hastur = game(ancient_one="Hastur")
    game()
    _, items = entries(client, reverse("feeds:ancient_one", args=["hastur"]))
    assert [link for _, link in items] == [f"http://testserver{hastur.get_absolute_url()}"]


def test_unknown_feeds_are_404(client):
    assert client.get(reverse("feeds:player", args=["nobody"])).status_code == 404
    assert client.get(reverse("feeds:ancient_one", args=["nobody"])).status_code == 404


@pytest.mark.parametrize(
    ("page_url", "feed"),
    [
        (lambda p: reverse("league:home"), lambda p: reverse("feeds:results")),
        (lambda p: p.get_absolute_url(), lambda p: reverse("feeds:player", args=[p.slug])),
        (
            lambda p: reverse("league:ancient_one", args=["cthulhu"]),
            lambda p: reverse("feeds:ancient_one", args=["cthulhu"]),
        ),
    ],
)
def test_pages_link_their_feed_in_head_and_visibly(client, page_url, feed):
    game(seats=[seat("Ann")])
    player = Player.objects.get(name="Ann")
    html = client.get(page_url(player)).content.decode()
    head, body = html.split("</head>")
    assert '<link rel="alternate" type="application/atom+xml"' in head
    assert f'href="{feed(player)}"' in head
    assert f'<a href="{feed(player)}" type="application/atom+xml">' in body


def test_feeds_read_in_constant_queries(client, django_assert_max_num_queries):
    from tests.factories import demo_league

    demo_league(100)
    with django_assert_max_num_queries(4):
        client.get(reverse("feeds:results"))


def test_team_and_scenario_feeds_have_only_their_games_and_their_pages_link_them(client):
    from tests.factories import TeamFactory, scenario

    owls = TeamFactory(name="Owls", members=["Ann", "Bob"])
    dunwich = scenario()
    as_team = game(team=owls, played_on=datetime.date(2026, 1, 9))
    in_scenario = game(scenario=dunwich, played_on=datetime.date(2026, 1, 8))
    game(team=owls, scenario=dunwich, status="pending")
    game()
    for feed, page, expected in (
        (reverse("feeds:team", args=[owls.slug]), owls.get_absolute_url(), as_team),
        (reverse("feeds:scenario", args=[dunwich.slug]), dunwich.get_absolute_url(), in_scenario),
    ):
        _, items = entries(client, feed)
        assert [link for _, link in items] == [f"http://testserver{expected.get_absolute_url()}"]
        head, body = client.get(page).content.decode().split("</head>")
        assert '<link rel="alternate" type="application/atom+xml" title="' in head
        assert f'href="{feed}"' in head
        assert f'<a href="{feed}" type="application/atom+xml">' in body
    _, items = entries(client, reverse("feeds:scenario", args=[dunwich.slug]))
    assert f"scenario score {in_scenario.scenario_score}" in items[0][0]
    assert client.get(reverse("feeds:team", args=["nobody"])).status_code == 404
    assert client.get(reverse("feeds:scenario", args=["nobody"])).status_code == 404


def every_feed(team, dunwich) -> list[str]:
    return [
        reverse("feeds:results"),
        reverse("feeds:player", args=[Player.objects.get(name="Ann").slug]),
        reverse("feeds:ancient_one", args=["cthulhu"]),
        reverse("feeds:team", args=[team.slug]),
        reverse("feeds:scenario", args=[dunwich.slug]),
    ]


@pytest.fixture
def league_with_feeds():
    from tests.factories import TeamFactory, scenario

    owls = TeamFactory(name="Owls", members=["Ann", "Bob"])
    dunwich = scenario()
    game(team=owls, scenario=dunwich, played_on=datetime.date(2026, 1, 9))
    game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured")
    game(played_on=datetime.date(2026, 1, 8))
    return every_feed(owls, dunwich)


def test_every_feed_is_well_formed_atom_with_an_author_on_feed_and_entries(
    client, league_with_feeds
):
    for url in league_with_feeds:
        parsed = feedparser.parse(client.get(url).content)
        assert not parsed.bozo, (url, parsed.get("bozo_exception"))
        assert parsed.version == "atom10", url
        assert parsed.feed.author == "Arkham League", url
        assert parsed.entries, url
        for entry in parsed.entries:
            assert entry.author == "Arkham League", url
            assert entry.id.startswith("tag:"), url


def ids(client, url, host):
    parsed = feedparser.parse(client.get(url, HTTP_HOST=host).content)
    return [parsed.feed.id] + [entry.id for entry in parsed.entries]


def test_feed_and_entry_ids_do_not_depend_on_the_host_asked(client, settings, league_with_feeds):
    settings.ALLOWED_HOSTS = ["league.example.org", "10.0.0.7"]
    for url in league_with_feeds:
        public, internal = ids(client, url, "league.example.org"), ids(client, url, "10.0.0.7")
        assert public == internal, url
        assert not any("10.0.0.7" in id_ or "example.org" in id_ for id_ in public), url
    assert len(set(ids(client, league_with_feeds[0], "10.0.0.7"))) == 4  # feed + 3 games


def test_ids_name_the_configured_site_and_the_submission_day(client, settings):
    settings.LEAGUE_SITE_URL = "https://league.example.org"
    played = game(played_on=datetime.date(2026, 1, 9))
    feed_id, entry_id = ids(client, reverse("feeds:results"), "testserver")
    assert feed_id == "tag:league.example.org,2008-01-01:/l/arkham/feeds/results/"
    assert entry_id == f"tag:league.example.org,2026-01-09:/l/arkham/games/{played.pk}/"


def test_a_non_latin_players_page_links_a_working_feed(client):
    game(seats=[seat("李雷"), seat("Bob", "Bob Jenkins")])
    li = Player.objects.get(name="李雷")
    assert li.slug == "李雷"
    feed_url = reverse("feeds:player", args=[li.slug])
    html = client.get(li.get_absolute_url()).content.decode()
    assert f'href="{feed_url}"' in html
    assert 'href=""' not in html
    feed, items = entries(client, feed_url)
    assert "李雷" in feed.find(f"{ATOM}title").text
    assert len(items) == 1
