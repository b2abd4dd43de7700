"""The live score preview: computed by the rule module on the server from the whole form."""

import pytest

from games import rules
from games.models import Session
from tests.addresses import reverse
from tests.factories import UserFactory, game, result_form_data, seat

pytestmark = pytest.mark.django_db

PREVIEW = reverse("games:preview")


@pytest.fixture
def logged_in(client):
    client.force_login(UserFactory())
    return client


def preview(client, **kwargs):
    response = client.post(PREVIEW, result_form_data(**kwargs), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.context["preview"], response.content.decode()


def test_the_preview_needs_login_and_post(client):
    assert client.post(PREVIEW, {}).status_code == 302
    client.force_login(UserFactory())
    assert client.get(PREVIEW).status_code == 405


def test_the_score_and_breakdown_come_from_the_rule_module(logged_in):
    seats = [
        {
            "player_name": "Ann",
            "investigator": "Amanda Sharpe",
            "gate_trophies": 2,
            "monster_trophies": 2,
        },
        {
            "player_name": "Bob",
            "investigator": "Bob Jenkins",
            "monster_trophies": 2,
            "unpaid_loans": 1,
        },
        {"player_name": "Cy", "investigator": "Vincent Lee", "ended": "devoured"},
    ]
    result, html = preview(
        logged_in, ancient_one="Hastur", terror_level=3, elder_signs_played=1, seats=seats
    )
    expected = rules.victory_score(
        doom_track=13,
        terror_level=3,
        unpaid_loans=1,
        elder_signs_played=1,
        gate_trophies=2,
        monster_trophies=4,
        survivors=2,
    )
    assert result.ready and result.score == expected == 13 - 3 - 1 - 1 + 2 + 1 + 2
    assert sum(term.points for term in result.breakdown) == expected
    assert result.first_citizens == ["Ann"]
    assert f'data-testid="preview-score">{expected}<' in html
    assert "Unspent monster trophies (1 per 3)" in html
    assert Session.objects.count() == 0


def test_a_trophy_more_changes_the_score(logged_in):
    low, _ = preview(logged_in)
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 2},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
    ]
    high, _ = preview(logged_in, seats=seats)
    assert high.score == low.score + 1


def test_first_citizen_sums_a_players_investigators_and_ties_share(logged_in):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1},
        {"player_name": "ann", "investigator": "Vincent Lee", "gate_trophies": 1},
        {
            "player_name": "Bob",
            "investigator": "Bob Jenkins",
            "gate_trophies": 2,
            "monster_trophies": 1,
        },
        {
            "player_name": "Cy",
            "investigator": "Carolyn Fern",
            "gate_trophies": 2,
            "monster_trophies": 1,
        },
    ]
    result, html = preview(logged_in, seats=seats)
    assert result.first_citizens == ["Bob", "Cy"]
    assert "(shared)" in html
    seats[0]["monster_trophies"] = 2
    result, _ = preview(logged_in, seats=seats)
    assert result.first_citizens == ["Ann"]


def test_a_defeat_has_no_score(logged_in):
    result, html = preview(logged_in, outcome="defeat", defeat_cause="devoured")
    assert result.ready and result.score is None and not result.is_victory
    assert "no score" in html


def test_a_broken_precondition_is_listed_instead_of_the_score(logged_in):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe"},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
    ]
    result, html = preview(logged_in, outcome="closed", seats=seats)
    assert any("Closing the gates needs" in problem for problem in result.problems)
    assert "Not valid yet" in html
    assert 'data-testid="preview-score"' not in html  # no score beside "not valid yet"


def test_seat_problems_name_their_seat(logged_in):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe"},
        {"player_name": "Bob", "investigator": "Diana Stanley"},
    ]
    result, _ = preview(logged_in, seats=seats)
    assert any(
        p.startswith("Seat 2 · Investigator: Diana Stanley comes with") for p in result.problems
    )


def test_an_empty_form_asks_for_input_without_a_list_of_errors(logged_in):
    result, html = preview(logged_in, seats=[], ancient_one="Cthulhu", outcome="", terror_level="")
    assert not result.ready
    assert result.problems == []
    assert "to see the score" in html
    assert "Not valid yet" not in html


def test_the_preview_does_not_warn_about_duplicates_or_save(logged_in):
    from tests.factories import game

    game()
    result, _ = preview(logged_in)
    assert result.ready and result.problems == []
    assert Session.objects.count() == 1


def test_the_first_citizen_is_named_as_the_league_spells_a_public_player(logged_in):
    game(seats=[seat("Cleo Ward", "Amanda Sharpe")])
    game(status="pending", seats=[seat("Zed Hidden", "Amanda Sharpe")])
    seats = [
        {"player_name": "cleo  WARD", "investigator": "Amanda Sharpe", "gate_trophies": 2},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
    ]
    assert preview(logged_in, seats=seats)[0].first_citizens == ["Cleo Ward"]
    # A private player's stored spelling is never shown: the name stays as typed.
    seats[0]["player_name"] = "zed hidden"
    assert preview(logged_in, seats=seats)[0].first_citizens == ["zed hidden"]
