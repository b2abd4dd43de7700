"""Recording results in a real Chromium: sign up, four outcomes, errors, live preview, 375 px."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PASSWORD = "correct-horse-battery"


@pytest.fixture
def member(page, live_server, catalog_rows):
    """A league member logged in through the login page."""
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return user


def seat_field(page, row, name):
    return page.locator(f'[name="seats-{row}-{name}"]')


def confirm_new_player(page, name):
    """Tick "yes, a new player" for a name nobody in the league has (it shows once the
    live preview has said the name is new)."""
    page.get_by_label(f"Yes, a new player: add “{name}” to the league").check()


def fill_seat(page, row, player, investigator, *, new=False, **numbers):
    if row > 0:
        page.get_by_role("button", name="Add a seat").click()
    seat_field(page, row, "player_name").fill(player)
    seat_field(page, row, "investigator").select_option(label=investigator)
    if new:
        confirm_new_player(page, player)
    for name, value in numbers.items():
        if name == "ended":
            seat_field(page, row, "ended").select_option(value)
        else:
            seat_field(page, row, name).fill(str(value))


def fill_game(page, *, ancient_one="Cthulhu (doom track 13)", outcome="sealed", terror=2):
    page.get_by_label("Ancient One", exact=True).select_option(label=ancient_one)
    page.locator(f'input[name="outcome"][value="{outcome}"]').check()
    page.get_by_label("Terror level at the end").fill(str(terror))


def test_sign_up_then_record_a_three_seat_sealed_victory(page, live_server, catalog_rows):
    page.goto(live_server.url + reverse("league:home"))
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("carla")
    page.get_by_label("E-mail").fill("carla@example.com")
    page.get_by_label("Your name in the league").fill("Carla")
    page.get_by_label("Password", exact=True).fill("an-unusual-pass-phrase-9")
    page.get_by_label("Password confirmation").fill("an-unusual-pass-phrase-9")
    page.get_by_role("button", name="Create my account").click()

    expect(page).to_have_url(re.compile(r"/games/new/$"))
    expect(seat_field(page, 0, "player_name")).to_have_value("Carla")
    expect(page.get_by_label("Elder sign tokens on the board")).to_be_hidden()
    fill_game(page, outcome="sealed", terror=3)
    expect(page.get_by_label("Elder sign tokens on the board")).to_be_visible()
    page.get_by_label("Elder sign tokens on the board").fill("6")
    fill_seat(page, 0, "Carla", "Amanda Sharpe (Student)", gate_trophies=2, monster_trophies=1)
    fill_seat(page, 1, "Dan", "Bob Jenkins (Salesman)", new=True, monster_trophies=2)
    fill_seat(page, 2, "Eve", "Vincent Lee (Doctor)", new=True, ended="devoured")
    # 13 doom - 3 terror + 2 gates + 3 monsters // 3 + 2 survivors
    expect(page.get_by_test_id("preview-score")).to_have_text("15")
    page.get_by_role("button", name="Save the game").click()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("table.breakdown caption")).to_have_text("Victory score: 15")
    expect(page.locator("table.breakdown")).to_contain_text("Sane, surviving investigators")
    expect(page.get_by_test_id("first-citizen")).to_have_text("Carla")
    expect(page.get_by_test_id("status")).to_have_text("Pending")
    session = Session.objects.get()
    assert (session.score, session.investigator_count, session.submitted_by.username) == (
        15,
        3,
        "carla",
    )


def test_an_invalid_closed_victory_shows_the_error_and_keeps_the_values(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, ancient_one="Hastur (doom track 13)", outcome="closed", terror=4)
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=1, monster_trophies=5)
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)")
    page.get_by_label("Where you played (optional)").fill("Kingsport Library")
    expect(page.get_by_test_id("preview-problems")).to_contain_text("Closing the gates needs")
    page.get_by_role("button", name="Save the game").click()

    expect(page.locator("#form-errors")).to_be_visible()
    expect(page.locator(".outcomes .errorlist")).to_contain_text("Closing the gates needs")
    expect(page.locator('input[name="outcome"][value="closed"]')).to_be_checked()
    expect(page.get_by_label("Terror level at the end")).to_have_value("4")
    expect(page.get_by_label("Where you played (optional)")).to_have_value("Kingsport Library")
    expect(seat_field(page, 1, "player_name")).to_have_value("Bob")
    expect(seat_field(page, 1, "player_name")).to_be_visible()
    expect(seat_field(page, 0, "monster_trophies")).to_have_value("5")
    expect(seat_field(page, 2, "player_name")).to_be_hidden()  # spare rows stay tucked away
    assert Session.objects.count() == 0


def test_the_live_preview_follows_a_trophy_count(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome="banished", terror=0)
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    score = page.get_by_test_id("preview-score")
    expect(score).to_have_text("14")  # 13 + 1 survivor
    seat_field(page, 0, "gate_trophies").fill("3")
    expect(score).to_have_text("17")
    seat_field(page, 0, "monster_trophies").fill("3")
    expect(score).to_have_text("18")
    expect(page.get_by_test_id("preview-first-citizen")).to_have_text("Ann")


def test_only_investigators_of_the_ticked_boxes_are_offered(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    diana = seat_field(page, 0, "investigator").locator("option", has_text="Diana Stanley")
    expect(diana).to_be_disabled()
    page.get_by_label("Dunwich Horror").check()
    expect(diana).to_be_enabled()


def test_seats_can_be_added_and_removed(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome="sealed")
    page.get_by_label("Elder sign tokens on the board").fill("7")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    fill_seat(page, 1, "Gone", "Bob Jenkins (Salesman)")
    fill_seat(page, 2, "Cy", "Vincent Lee (Doctor)", new=True)
    page.get_by_role("button", name="Remove seat 2").click()
    expect(seat_field(page, 1, "player_name")).to_be_hidden()
    expect(page.get_by_test_id("preview-score")).to_have_text("13")  # 13 - 2 terror + 2 survivors
    page.get_by_role("button", name="Save the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert [s.player.name for s in Session.objects.get().seats.all()] == ["Ann", "Cy"]


@pytest.mark.parametrize(
    ("outcome", "caption"),
    [
        ("closed", "Victory score: 16"),  # 13 - 2 + 3 gates + 2 survivors
        ("sealed", "Victory score: 16"),
        ("banished", "Victory score: 16"),
        ("defeat", None),
    ],
)
def test_each_outcome_can_be_recorded(page, live_server, member, outcome, caption):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome=outcome)
    if outcome == "sealed":
        page.get_by_label("Elder sign tokens on the board").fill("6")
    if outcome == "defeat":
        page.get_by_label("How were the investigators defeated?").select_option("devoured")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=2)
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)", new=True, gate_trophies=1)
    # Let the live preview settle first: its new height must not move the button mid-click.
    if caption:
        expect(page.get_by_test_id("preview-score")).to_have_text(caption.split()[-1])
    else:
        expect(page.get_by_test_id("preview-defeat")).to_be_visible()
    page.get_by_role("button", name="Save the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    if caption:
        expect(page.locator("table.breakdown caption")).to_have_text(caption)
    else:
        expect(page.get_by_text("A defeat has no score.")).to_be_visible()
    assert Session.objects.get().outcome == outcome


@pytest.mark.parametrize("name", ["games:new", "signup", "games:mine"])
def test_no_horizontal_scroll_at_375_px(page, live_server, member, name):
    page.set_viewport_size({"width": 375, "height": 800})
    if name == "signup":
        page.get_by_role("button", name="Log out").click()
    page.goto(live_server.url + reverse(name))
    if name == "games:new":
        fill_game(page, outcome="defeat")
        page.get_by_label("How were the investigators defeated?").select_option("devoured")
        fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
        fill_seat(
            page,
            1,
            "A player with a really quite long name indeed",
            "Bob Jenkins (Salesman)",
            new=True,  # its "yes, a new player" line fits the phone too
        )
        expect(page.get_by_test_id("preview-defeat")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_player_names_are_suggested_while_typing_and_new_names_still_work(
    page, live_server, member
):
    from tests.factories import game, seat

    game(status="approved", seats=[seat("Abigail Public", "Amanda Sharpe")])
    game(status="pending", seats=[seat("Abner Private", "Amanda Sharpe")])
    page.goto(live_server.url + reverse("games:new"))
    options = page.locator("#player-names option")
    expect(options).to_have_count(0)  # no league names in the page itself
    seat_field(page, 0, "player_name").fill("Ab")
    expect(options).to_have_count(1)
    expect(options.first).to_have_attribute("value", "Abigail Public")
    fill_game(page)
    page.get_by_label("Elder sign tokens on the board").fill("6")
    seat_field(page, 0, "player_name").fill("Brand New Name")
    seat_field(page, 0, "investigator").select_option(label="Amanda Sharpe (Student)")
    confirm_new_player(page, "Brand New Name")
    page.get_by_role("button", name="Save the game").click()
    expect(page.get_by_text("Game saved.")).to_be_visible()
    assert Session.objects.filter(seats__player__name="Brand New Name").exists()
