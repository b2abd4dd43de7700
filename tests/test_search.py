"""The navigation's search box and its results page: every kind by name, case and accents
ignored, public players only, bounded input and results, cached, the same on both databases."""

import pytest
from django.test import Client

from games.names import MAX_QUERY_LENGTH, MAX_QUERY_WORDS
from games.recording import session_moderate
from league.queries.search import SHOWN
from tests.addresses import reverse
from tests.budgets import PAGE_CACHE_MISS
from tests.factories import (
    PlayerFactory,
    TeamFactory,
    UserFactory,
    demo_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

URL = reverse("league:search")


def found(response) -> dict[str, list[str]]:
    """Each kind's names on the results page, kinds with none left out."""
    return {
        group.kind.key: [row.name for row in group.rows]
        for group in response.context["found"]
        if group.rows
    }


@pytest.fixture
def league():
    """Élodie and Ann Armitage play an approved game; Pat only a pending one."""
    game(
        status="approved",
        seats=[seat("Élodie Dupré", "Amanda Sharpe"), seat("Ann Armitage", "Bob Jenkins")],
    )
    game(status="pending", seats=[seat("Pat Pending", "Amanda Sharpe")])
    TeamFactory(name="Night Owls", members=["Ann Armitage"])
    scenario("The Stars Are Right")


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("elodie", {"players": ["Élodie Dupré"]}),  # no accent typed
        ("ÉLODIE DUPRE", {"players": ["Élodie Dupré"]}),  # any case, any accents
        ("dupré", {"players": ["Élodie Dupré"]}),
        ("arm", {"players": ["Ann Armitage"]}),  # the start of any word
        ("ann arm", {"players": ["Ann Armitage"]}),  # every word must match
        ("owls", {"teams": ["Night Owls"]}),
        ("sharpe", {"investigators": ["Amanda Sharpe"]}),
        ("ygolonac", {"ancient_ones": ["Y'Golonac"]}),
        ("y'golonac", {"ancient_ones": ["Y'Golonac"]}),
        ("shub niggurath", {"ancient_ones": ["Shub-Niggurath"]}),
        ("stars", {"scenarios": ["The Stars Are Right"]}),
        ("ann sharpe", {}),  # two names' words do not make one
        ("mitage", {}),  # inside a word, not its start
    ],
)
def test_each_kind_is_found_by_the_starts_of_its_words(client, league, typed, expected):
    response = client.get(URL, {"q": typed})
    assert response.status_code == 200
    assert found(response) == expected


def test_results_are_grouped_by_kind_and_link_to_their_pages(client, league):
    game(ancient_one="Hastur", seats=[seat("Hank Harrow", "Harvey Walters")])
    html = client.get(URL, {"q": "ha"}).content.decode()
    for heading, link in [
        ("Players", reverse("league:player", args=["hank-harrow"])),
        ("Investigators", reverse("league:investigator", args=["harvey-walters"])),
        ("Ancient Ones", reverse("league:ancient_one", args=["hastur"])),
    ]:
        assert '<h2 id="found-' in html and f"{heading} <span" in html
        assert f'href="{link}"' in html
    assert html.index("Players <span") < html.index("Investigators <span")
    assert html.index("Investigators <span") < html.index("Ancient Ones <span")


def test_a_name_starting_with_the_whole_query_comes_first(client, league):
    for name in ("Zed Carter", "Carter Brown"):
        game(seats=[seat(name, "Amanda Sharpe")])
    assert found(client.get(URL, {"q": "carter"}))["players"] == ["Carter Brown", "Zed Carter"]


def test_a_player_with_no_approved_game_is_never_found(client, league):
    PlayerFactory(name="Pat Rostered")  # no game at all
    response = client.get(URL, {"q": "pat"})
    assert "players" not in found(response)  # (Patrice Hathaway, an investigator, is found)
    assert "Pat Pending" not in response.content.decode()
    client.force_login(UserFactory())
    assert "players" not in found(client.get(URL, {"q": "pat"}))


def test_a_player_is_found_once_approved_and_gone_once_rejected(client, league):
    pending = game(status="pending", seats=[seat("Quinn Quest", "Amanda Sharpe")])
    assert found(client.get(URL, {"q": "quinn"})) == {}
    session_moderate(
        session_id=pending.pk,
        status="approved",
        seen_version=pending.version,
        moderator=moderator(),
    )
    assert found(client.get(URL, {"q": "quinn"})) == {"players": ["Quinn Quest"]}
    pending.refresh_from_db()
    session_moderate(
        session_id=pending.pk,
        status="rejected",
        seen_version=pending.version,
        moderator=moderator(),
        reason="Not a real game",
    )
    assert found(client.get(URL, {"q": "quinn"})) == {}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("x" * (MAX_QUERY_LENGTH + 1), f"at most {MAX_QUERY_LENGTH} characters"),
        (" ".join(["ann"] * (MAX_QUERY_WORDS + 1)), f"at most {MAX_QUERY_WORDS} words"),
        ("%_!", "Type some letters or digits of a name."),
    ],
)
def test_a_query_past_a_bound_comes_back_with_its_message_next_to_the_box(
    client, league, typed, message
):
    response = client.get(URL, {"q": typed})
    assert response.status_code == 200
    assert response.context["found"] == []
    form = response.context["form"]
    assert message in form.errors["q"][0]
    html = response.content.decode()
    # The message sits with the field (described by it), and what was typed is kept.
    assert 'aria-invalid="true"' in html and 'id="id_q_error"' in html
    assert f'value="{typed}"' in html


def test_no_query_shows_the_form_and_a_hint(client, league):
    response = client.get(URL)
    assert response.status_code == 200 and response.context["found"] == []
    assert "Type a name, or its start" in response.content.decode()


def test_nothing_found_says_so(client, league):
    response = client.get(URL, {"q": "nobody"})
    assert found(response) == {}
    assert 'data-testid="no-results"' in response.content.decode()


def test_each_kind_lists_a_bounded_number_and_says_there_are_more(client):
    names = [f"Sam {n:02d}" for n in range(SHOWN + 5)]
    for name in names:
        game(seats=[seat(name, "Amanda Sharpe")])
    response = client.get(URL, {"q": "sam"})
    assert found(response)["players"] == names[:SHOWN]
    html = response.content.decode()
    assert f"more than {SHOWN}" in html and 'data-testid="more-players"' in html
    assert 'data-testid="more-investigators"' not in html


@pytest.mark.parametrize("games", [10, 300])
def test_query_count_does_not_grow_with_the_league(client, games, django_assert_max_num_queries):
    demo_league(games)
    # The page versions exist once any page has been stored: count an ordinary miss.
    client.get(URL, {"q": "warm"})
    # One query per kind (two for players: names, then which are public), however many
    # games and players match.
    with django_assert_max_num_queries(6 + PAGE_CACHE_MISS):
        response = client.get(URL, {"q": "a"})
    assert response.status_code == 200 and found(response)


def test_the_results_page_is_cached_for_everyone_and_retired_by_a_change(client, league):
    first = client.get(URL, {"q": "elodie"})
    assert first["X-Cache"] == "miss"
    member = Client()
    member.force_login(UserFactory(username="member"))
    second = member.get(URL, {"q": "elodie"})
    assert second["X-Cache"] == "miss"  # a member's copy is its own, as on every page
    assert member.get(URL, {"q": "elodie"})["X-Cache"] == "hit"
    assert client.get(URL, {"q": "elodie"})["X-Cache"] == "hit"
    game(seats=[seat("Elodie Martin", "Amanda Sharpe")])  # approved: the league changed
    again = client.get(URL, {"q": "elodie"})
    assert again["X-Cache"] == "miss"
    assert found(again) == {"players": ["Élodie Dupré", "Elodie Martin"]}


def test_every_page_has_the_search_box_in_its_navigation_cached_or_not(client, league):
    url = reverse("league:leaderboard")
    for who in ("visitor", "member"):
        if who == "member":
            client.force_login(UserFactory(username="member"))
        for expected in ("miss", "hit"):
            response = client.get(url)
            assert response["X-Cache"] == expected
            html = response.content.decode()
            nav = html[html.index('<nav class="nav"') : html.index("</nav>")]
            assert f'action="{URL}"' in nav and 'role="search"' in nav
            assert 'name="q"' in nav and f'maxlength="{MAX_QUERY_LENGTH}"' in nav
