"""A player's games and "My games" narrowed by Ancient One, outcome, investigator, teammate
and dates: bounded, paginated, errors next to the fields, public teammates only."""

import datetime

import pytest

from games.models import Player, PlayerTeammate, Session
from league.pages import history
from tests.addresses import reverse
from tests.budgets import CACHE_READ, LEAGUE_READ, MEMBER_NAV, PAGE_CACHE_MISS
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    demo_league,
    first_league,
    game,
    seat,
)

pytestmark = pytest.mark.django_db

ANN = reverse("league:player", args=["ann"])
MINE = reverse("games:mine")
DAY = datetime.date(2026, 1, 10)


@pytest.fixture
def ann():
    """Ann's account submits four games with Bob, Cid or Dee; Dee is only pending."""
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    played = [
        ("Cthulhu", "sealed", [("Ann", "Amanda Sharpe"), ("Bob", "Bob Jenkins")], 1),
        ("Hastur", "closed", [("Ann", "Bob Jenkins"), ("Cid", "Amanda Sharpe")], 2),
        ("Hastur", "defeat", [("Ann", "Amanda Sharpe"), ("Bob", "Kate Winthrop")], 3),
        ("Yig", "sealed", [("Ann", "Kate Winthrop"), ("Cid", "Bob Jenkins")], 4),
    ]
    games = {}
    for ancient_one, outcome, seats, day in played:
        extra = {"defeat_cause": "devoured"} if outcome == "defeat" else {}
        if outcome == "closed":
            extra["terror_level"] = 1
        games[day] = game(
            ancient_one=ancient_one,
            outcome=outcome,
            seats=[seat(p, i, gate_trophies=2 if outcome == "closed" else 0) for p, i in seats],
            played_on=DAY + datetime.timedelta(days=day),
            submitted_by=user,
            **extra,
        )
    game(status="pending", seats=[seat("Ann"), seat("Dee", "Bob Jenkins")], submitted_by=user)
    return user


def days(response) -> list[int]:
    """The shown games as days after DAY, newest first."""
    if response.context.get("table") is not None:
        rows = [row.record for row in response.context["table"].paginated_rows]
    else:
        rows = list(response.context["games"])
    return [(game.played_on - DAY).days for game in rows]


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({}, [4, 3, 2, 1]),
        ({"ancient_one": "hastur"}, [3, 2]),
        ({"outcome": "victory"}, [4, 2, 1]),
        ({"outcome": "defeat"}, [3]),
        ({"outcome": "sealed", "ancient_one": "yig"}, [4]),
        # Ann's own investigator: Bob Jenkins sat at games 1 and 4 too, not as Ann.
        ({"investigator": "bob-jenkins"}, [2]),
        ({"teammate": "cid"}, [4, 2]),
        ({"played_after": "2026-01-12", "played_before": "2026-01-13"}, [3, 2]),
        ({"played_after": "2026-01-14"}, [4]),
    ],
)
def test_a_players_games_narrow_by_each_filter(client, ann, filters, expected):
    response = client.get(ANN, filters)
    assert response.status_code == 200
    assert days(response) == expected
    if filters:
        count = f"{len(expected)} game{'s' if len(expected) != 1 else ''} match"
        assert count in response.content.decode()


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({}, [4, 3, 2, 1, 0]),  # the pending game too: one's own submissions
        ({"ancient_one": "hastur", "outcome": "victory"}, [2]),
        ({"investigator": "bob-jenkins"}, [4, 2, 1, 0]),  # anyone's, at the table
        ({"teammate": "bob"}, [3, 1]),
        ({"played_before": "2026-01-11"}, [1, 0]),
    ],
)
def test_my_games_narrow_by_each_filter(client, ann, filters, expected):
    client.force_login(ann)
    response = client.get(MINE, filters)
    assert response.status_code == 200
    assert days(response) == expected


@pytest.mark.parametrize("url", [ANN, MINE])
def test_a_backwards_date_range_is_refused_next_to_the_field_with_the_values_kept(client, ann, url):
    client.force_login(ann)
    response = client.get(url, {"played_after": "2026-02-01", "played_before": "2026-01-01"})
    assert response.status_code == 200
    assert days(response) == []
    errors = response.context["history"].errors
    assert "is before “Played from”" in errors["played_before"][0]
    html = response.content.decode()
    assert 'value="2026-02-01"' in html and 'value="2026-01-01"' in html
    assert 'id="id_played_before_error"' in html and 'aria-invalid="true"' in html
    assert "Correct the filters above" in html


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("teammate", "dee"),  # private: only in a pending game
        ("teammate", "nobody"),
        ("ancient_one", "no-such-one"),
        ("outcome", "won"),
        ("played_after", "yesterday"),
        ("played_after", "99999-01-01"),
    ],
)
def test_a_value_the_filter_does_not_offer_is_an_error_beside_its_field(client, ann, field, value):
    response = client.get(ANN, {field: value})
    assert response.status_code == 200
    assert field in response.context["history"].errors
    assert days(response) == []


def test_teammate_choices_are_the_players_public_teammates_only(client, ann):
    PlayerFactory(name="Eve")
    game(seats=[seat("Eve"), seat("Fay", "Bob Jenkins")])  # public, never with Ann
    response = client.get(ANN)
    offered = [p.name for p in response.context["history"].form.fields["teammate"].queryset]
    assert offered == ["Bob", "Cid"]
    # A teammate whose games with Ann were all rejected since keeps a row at zero: not offered.
    PlayerTeammate.objects.filter(teammate__name="Cid").update(games=0)
    response = client.get(ANN, {"season": ""})
    offered = [p.name for p in response.context["history"].form.fields["teammate"].queryset]
    assert offered == ["Bob"]


def test_teammates_are_read_once_then_offered_from_the_cache(client, ann, monkeypatch):
    from league.pages import choices

    read = []
    real = choices.choice_list
    monkeypatch.setattr(
        choices, "choice_list", lambda field: read.append(field.choices_name) or real(field)
    )
    teammates = f"teammates-{first_league().pk}-{Player.objects.get(name='Ann').pk}"
    client.get(ANN)  # the choices are read (the cache has none) ...
    assert read.count(teammates) == 1
    again = client.get(f"{ANN}?season=")  # ... and then offered from it
    assert again["X-Cache"] == "miss" and read.count(teammates) == 1
    assert '<option value="bob">Bob</option>' in again.content.decode()
    response = client.get(ANN, {"teammate": "bob"})  # a chosen one is checked
    assert "teammate" not in response.context["history"].errors


def test_the_filter_keeps_the_season_and_pages_keep_the_filters(client, ann):
    SeasonFactory(name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31))
    for day in range(20, 50):
        game(
            seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], played_on=DAY + datetime.timedelta(day)
        )
    response = client.get(ANN, {"season": "2026", "teammate": "bob"})
    html = response.content.decode()
    assert '<input type="hidden" name="season" value="2026">' in html
    assert "32 games match" in html
    assert "teammate=bob" in html.split('aria-label="Pages of')[1].split("</nav>")[0]
    assert days(client.get(ANN, {"season": "2026", "teammate": "bob", "page": 2}))[-1] == 1


def test_my_games_pages_keep_the_filters(client, ann):
    for day in range(20, 50):
        game(seats=[seat("Ann")], played_on=DAY + datetime.timedelta(day), submitted_by=ann)
    client.force_login(ann)
    response = client.get(MINE, {"outcome": "sealed"})
    pages = response.content.decode().split('aria-label="Pages"')[1].split("</nav>")[0]
    assert "outcome=sealed" in pages and "page=2" in pages
    assert days(client.get(MINE, {"outcome": "sealed", "page": 2})) == [24, 23, 22, 21, 20, 4, 1, 0]


@pytest.mark.parametrize("url", [ANN, MINE])
def test_a_filtered_list_counts_a_bounded_slice_and_says_so(client, ann, monkeypatch, url):
    monkeypatch.setattr(history, "FILTERED_ROWS", 2)
    client.force_login(ann)
    response = client.get(url, {"outcome": "victory"})
    html = response.content.decode()
    assert "More than 2 games match: the first 2 are listed." in html
    assert len(days(response)) == 2
    # No page past the bound: the table shows its last page, My games says there is none.
    beyond = client.get(url, {"outcome": "victory", "page": 2})
    if url == MINE:
        assert beyond.status_code == 404
    else:
        assert beyond.context["table"].page.number == 1 and len(days(beyond)) == 2


@pytest.mark.parametrize("games", [10, 300])
def test_a_filtered_player_page_costs_the_same_at_any_league_size(
    client, games, django_assert_max_num_queries
):
    demo_league(games)
    # A player and a teammate they won with, so the filtered page lists games.
    pair = PlayerTeammate.objects.filter(scope=0, victories__gt=0).order_by("-games").first()
    busiest, mate = pair.player, pair.teammate
    filters = {"outcome": "victory", "teammate": mate.slug, "played_after": "2000-01-01"}
    address = reverse("league:player", args=[busiest.slug])
    client.get(address)  # the unfiltered page: the filter's choices are cached from here on
    # The page's 10, a bounded count and the first citizens; the filter's lists (the catalog
    # and the player's teammates) come with the season picker's in one cache read.
    with django_assert_max_num_queries(12 + PAGE_CACHE_MISS + 2 * CACHE_READ):
        response = client.get(address, filters)
    assert response.status_code == 200 and days(response)


@pytest.mark.parametrize("games", [10, 300])
def test_filtered_my_games_cost_the_same_at_any_league_size(
    client, games, django_assert_max_num_queries
):
    demo_league(games)
    user = UserFactory(username="importer")
    Session.objects.update(submitted_by=user)
    client.force_login(user)
    mate = Player.objects.listed().first()
    client.get(MINE)  # the filter's choice lists are cached from here on
    # Session and user, the chosen teammate, a bounded count, invitations, the games, their
    # seats and players: 8, whatever the league; the filter's three choice lists in one
    # cache read.
    with django_assert_max_num_queries(8 + MEMBER_NAV + CACHE_READ + LEAGUE_READ):
        response = client.get(MINE, {"teammate": mate.slug, "outcome": "victory"})
    assert response.status_code == 200 and days(response)


@pytest.mark.parametrize("season", [None, "early", "late"])
def test_any_victory_alone_is_counted_by_the_standings_row(client, ann, season, settings):
    """ "Any victory" with no other filter takes its count from the player's standings row
    in the page's scope: the same number as the games listed, and no COUNT of games."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    SeasonFactory(name="Early", slug="early", start=DAY, end=DAY + datetime.timedelta(days=2))
    SeasonFactory(
        name="Late", slug="late", start=DAY + datetime.timedelta(days=3), end=DAY.replace(month=12)
    )
    params = {"outcome": "victory", **({"season": season} if season else {})}
    with CaptureQueriesContext(connection) as queries:
        response = client.get(ANN, params)
    expected = {None: [4, 2, 1], "early": [2, 1], "late": [4]}[season]
    assert days(response) == expected
    assert response.context["table"].paginator.count == len(expected)
    counts = [q["sql"] for q in queries if "COUNT(" in q["sql"].upper()]
    assert not [sql for sql in counts if "games_session" in sql]
    # Another filter beside it is counted from the rows, and agrees.
    narrowed = client.get(ANN, {**params, "ancient_one": "hastur"})
    assert narrowed.context["table"].paginator.count == len([d for d in expected if d == 2])


def test_a_busy_players_filtered_page_lists_and_counts_their_victories(client, settings):
    """Sorted, paged and counted as the plain query over their approved victories, each
    with the First Citizen mark of their own seat."""
    from games import rules
    from games.models import Seat

    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    demo_league(60)
    player = max(Player.objects.listed(), key=lambda p: p.seats.count())
    victories = (
        Session.objects.approved()
        .filter(pk__in=Seat.objects.filter(player=player).values("session_id"))
        .filter(outcome__in=rules.VICTORIES)
        .order_by("-played_on", "-pk")
    )
    titled = set(
        Seat.objects.filter(player=player, first_citizen=True).values_list("session_id", flat=True)
    )
    table = client.get(reverse("league:player", args=[player.slug]), {"outcome": "victory"})
    table = table.context["table"]
    shown = [row.record.pk for row in table.paginated_rows]
    assert shown and shown == [game.pk for game in victories[: len(shown)]]
    assert table.paginator.count == victories.count()
    assert [bool(row.record.titled_seats) for row in table.paginated_rows] == [
        pk in titled for pk in shown
    ]
