"""No page of league A shows league B's private data, to anyone: a crawl of every address
of A (pages, feeds, downloads, search, suggestions, the API) as a visitor, a member of B and a
moderator of B. B is invitation-only, with a pending game, a team, a scenario and a player
who plays only there."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from league.models import MemberRole, Visibility
from tests.addresses import reverse
from tests.factories import (
    LeagueFactory,
    SeasonFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

# What only league B holds: none of it may appear anywhere in league A.
SECRETS = (
    "Secret Circle",  # B's name
    "secret-circle",  # and address
    "Zebulon Whateley",  # plays only in B
    "Silver Twilight Lodge",  # B's team
    "Rite of the Hidden Lodge",  # B's scenario
    "Hidden cellar",  # where B's pending game was played
    "lodge-vigil",  # B's season (the API's document once listed every league's seasons)
)
ROLES = ("visitor", "member of B", "moderator of B")


@pytest.fixture
def leagues():
    a = first_league()
    b = LeagueFactory(name="Secret Circle", visibility=Visibility.INVITATION)
    SeasonFactory(name="Spring", league=a)
    team_a = TeamFactory(name="Miskatonic Readers", members=["Ann", "Bob"], league=a)
    series_a = SeriesFactory(name="Open series", league=a)
    scenario_a = scenario("The open gate", series=series_a)
    played_a = game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], team=team_a, league=a)
    team_b = TeamFactory(name="Silver Twilight Lodge", members=["Zebulon Whateley"], league=b)
    series_b = SeriesFactory(name="Lodge series", league=b)
    SeasonFactory(name="Lodge vigil", league=b)
    scenario("Rite of the Hidden Lodge", series=series_b, league=b)
    # Ann plays in both leagues: her page in A must not tell of B.
    game(seats=[seat("Zebulon Whateley"), seat("Ann", "Bob Jenkins")], team=team_b, league=b)
    game(seats=[seat("Zebulon Whateley")], league=b, status="pending", location="Hidden cellar")
    member_b = UserFactory(username="member-b")
    b.memberships.create(user=member_b, role=MemberRole.MEMBER)
    moderator_b = UserFactory(username="moderator-b")
    b.memberships.create(user=moderator_b, role=MemberRole.MODERATOR)
    return {
        "a": a,
        "users": {"visitor": None, "member of B": member_b, "moderator of B": moderator_b},
        "slugs": {
            "player": "ann",
            "ancient_one": "cthulhu",
            "investigator": "amanda-sharpe",
            "team": team_a.slug,
            "team_members": team_a.slug,
            "scenario": scenario_a.slug,
            "series": series_a.slug,
        },
        "game": played_a.pk,
    }


def league_patterns():
    """(name, pattern) of every address inside a league: /<lang>/l/<league>/..."""
    for top in get_resolver().url_patterns:
        if isinstance(top, URLResolver) and "league_slug" in str(top.pattern):
            yield from _walk(top.url_patterns, "")
        elif isinstance(top, URLResolver):
            for inner in top.url_patterns:  # i18n_patterns' own resolver
                if isinstance(inner, URLResolver) and "league_slug" in str(inner.pattern):
                    yield from _walk(inner.url_patterns, "")


def _walk(patterns, namespace):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _walk(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}{pattern.name}", pattern


def addresses(data) -> list[str]:
    """Every GET address of league A with its subjects filled in, and the queries that
    search, filter and export."""
    found = []
    for name, pattern in league_patterns():
        params = set(pattern.pattern.converters)
        kwargs = {}
        if "slug" in params:
            key = name.split(":")[-1]
            if key not in data["slugs"]:
                continue  # e.g. a bench page
            kwargs["slug"] = data["slugs"][key]
        if "pk" in params:
            if not name.startswith("games:"):
                continue  # downloads and invitations: someone's own, tested on their own
            kwargs["pk"] = data["game"]
        if params - {"slug", "pk"}:
            continue
        if "bench" in name:
            continue
        found.append(reverse(name, kwargs=kwargs))
    queries = [
        reverse("league:search") + "?q=zeb",
        reverse("league:search") + "?q=silver",
        reverse("league:search") + "?q=rite",
        reverse("games:player_search") + "?q=zeb",
        reverse("league:leaderboard") + "?_export=csv",
        reverse("league:standings") + "?_export=csv",
        reverse("league:teams") + "?_export=csv",
        reverse("league:leaderboard") + "?player=zebulon-whateley",
    ]
    return found + queries


API_SUBJECTS = {
    "players": "player",
    "ancient-ones": "ancient_one",
    "investigators": "investigator",
    "teams": "team",
    "scenarios": "scenario",
    "series": "series",
}


def api_addresses(client, data) -> list[str]:
    """Every GET answer of the API about league A, its subjects filled in."""
    schema = client.get("/api/openapi.json").json()
    found = []
    for path, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        if "{" in path:
            subject = API_SUBJECTS.get(path.strip("/").split("/")[1])
            if subject is None or not re.search(r"\{(slug|player)\}", path):
                continue
            path = re.sub(r"\{(slug|player)\}", data["slugs"][subject], path)
        found.append(f"{path}?league=arkham")
    return [*found, "/api/openapi.json"]


def test_no_address_of_league_a_shows_league_bs_private_data(client, leagues):
    pages = addresses(leagues)
    api = api_addresses(client, leagues)
    assert len(pages) >= 40 and len(api) >= 8
    seen, shown = 0, 0
    for role in ROLES:
        user = leagues["users"][role]
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in pages + api:
            response = client.get(url)
            assert response.status_code in (200, 302, 403, 404, 405), (role, url)
            body = b"".join(response) if response.streaming else response.content
            text = body.decode(errors="replace")
            for secret in SECRETS:
                assert secret not in text, (role, url, secret)
            seen += 1
            shown += response.status_code == 200
    print(f"isolation crawl: {len(pages)} pages + {len(api)} API answers x {len(ROLES)} roles")
    print(f"answered 200: {shown} of {seen}")
    assert seen == (len(pages) + len(api)) * len(ROLES)
    # The crawl reads pages, not refusals: most addresses answer with their content (the
    # others ask a visitor to log in, or refuse one who may not moderate or organise A).
    assert shown >= seen * 2 // 3
