"""First Citizen of Arkham as shown: each titled player once, "shared" only between people."""

import pytest

from games import rules
from games.rules import SeatResult
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, result_form_data, seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        ([], []),
        ([SeatResult("Nora", True, gate_trophies=2)], ["Nora"]),
        # one player, two seats: named once
        (
            [
                SeatResult("Nora", True, gate_trophies=2),
                SeatResult("Bob", True, gate_trophies=1),
                SeatResult("Nora", True, gate_trophies=1),
            ],
            ["Nora"],
        ),
        # a tie between people, in the order they first sit
        (
            [
                SeatResult("Cy", True, gate_trophies=1),
                SeatResult("Bob", True, gate_trophies=1),
                SeatResult("Cy", True),
            ],
            ["Cy", "Bob"],
        ),
    ],
)
def test_first_citizens_in_seat_order(seats, expected):
    assert rules.first_citizens_in_seat_order(seats) == expected


def two_seat_nora_game():
    nora = PlayerFactory(name="Nora Newbie")
    return game(
        outcome="closed",
        seats=[
            seat(nora, "Amanda Sharpe", gate_trophies=2),
            seat("Bob", "Bob Jenkins", gate_trophies=1),
            seat(nora, "Vincent Lee", gate_trophies=1),
        ],
    )


def test_a_player_with_two_seats_is_named_once_and_not_shared(client):
    session = two_seat_nora_game()
    response = client.get(reverse("games:detail", kwargs={"pk": session.pk}))
    html = response.content.decode()
    assert [player.name for player in response.context["first_citizens"]] == ["Nora Newbie"]
    assert 'data-testid="first-citizen">Nora Newbie</strong>' in html
    assert "(shared)" not in html


def test_the_preview_and_the_game_page_agree(client):
    session = two_seat_nora_game()
    client.force_login(UserFactory())
    seats = [
        {"player_name": "Nora Newbie", "investigator": "Amanda Sharpe", "gate_trophies": 2},
        {"player_name": "Bob", "investigator": "Bob Jenkins", "gate_trophies": 1},
        {"player_name": "nora newbie", "investigator": "Vincent Lee", "gate_trophies": 1},
    ]
    data = result_form_data(outcome="closed", seats=seats)
    response = client.post(reverse("games:preview"), data, HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    page = client.get(reverse("games:detail", kwargs={"pk": session.pk}))
    assert preview.first_citizens == [p.name for p in page.context["first_citizens"]]
    assert "(shared)" not in response.content.decode()


def test_shared_between_two_people_says_so(client):
    session = game(
        outcome="closed",
        seats=[
            seat("Ann", "Amanda Sharpe", gate_trophies=1),
            seat("Bob", "Bob Jenkins", gate_trophies=1),
        ],
    )
    html = client.get(reverse("games:detail", kwargs={"pk": session.pk})).content.decode()
    assert 'data-testid="first-citizen">Ann, Bob</strong> (shared)' in html
