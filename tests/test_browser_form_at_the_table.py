"""The result form at a game table, in a real Chromium: Enter never saves, a focused field
is never under the summary bar, a mistyped name is not a new player unawares."""

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from games.models import Player, Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PASSWORD = "correct-horse-battery"
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def log_in(page, live_server, user):
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


@pytest.fixture
def member(page, live_server, catalog_rows):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    log_in(page, live_server, user)
    return user


def seat_field(page, row, name):
    return page.locator(f'[name="seats-{row}-{name}"]')


def focused(page) -> str:
    return page.evaluate("document.activeElement.name || document.activeElement.id")


def test_enter_moves_to_the_next_field_and_only_save_saves(page, live_server, catalog_rows):
    """A moderator's game is approved and public at once: a stray Enter must not save it."""
    user = moderator("mod")
    PlayerFactory(name="Mo", user=user)
    page.set_viewport_size(PHONE)
    log_in(page, live_server, user)
    page.goto(live_server.url + reverse("games:new"))
    page.get_by_label("Ancient One", exact=True).select_option(label="Cthulhu (doom track 13)")
    page.locator('input[name="outcome"][value="banished"]').check()

    # Enter in every kind of field the form has: each time the cursor moves on.
    terror = page.get_by_label("Terror level at the end")
    terror.fill("2")
    terror.press("Enter")
    assert focused(page) == "elder_signs_played"
    page.keyboard.press("Enter")
    assert focused(page) == "seats-0-player_name"
    seat_field(page, 0, "player_name").press("Enter")
    assert focused(page) == "seats-0-investigator"
    page.get_by_label("Date played").press("Enter")
    assert focused(page) == "boxes"  # the first box
    page.get_by_label("Dunwich Horror").press("Enter")
    assert not page.get_by_label("Dunwich Horror").is_checked()
    page.locator('input[name="outcome"][value="banished"]').press("Enter")
    assert focused(page) == "terror_level"  # past the other outcomes
    page.get_by_label("Where you played (optional)").fill("Kingsport")
    page.get_by_label("Where you played (optional)").press("Enter")
    assert focused(page) == "notes"
    # A phone keyboard's "Next" on the text and number fields says what Enter does.
    assert terror.get_attribute("enterkeyhint") == "next"

    page.wait_for_timeout(500)  # a submission would have navigated by now
    expect(page).to_have_url(re.compile(r"/games/new/$"))
    assert Session.objects.count() == 0

    # The Save button still saves.
    seat_field(page, 0, "investigator").select_option(label="Amanda Sharpe (Student)")
    expect(page.get_by_test_id("preview-score")).to_have_text("12")  # 13 - 2 + 1 survivor
    page.get_by_role("button", name="Save the game").press("Enter")
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert Session.objects.get().location == "Kingsport"


def test_without_javascript_enter_saves_nothing(browser, live_server, catalog_rows):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server, user)
    page.goto(live_server.url + reverse("games:new"))
    page.get_by_label("Ancient One", exact=True).select_option(label="Cthulhu (doom track 13)")
    page.locator('input[name="outcome"][value="banished"]').check()
    seat_field(page, 0, "player_name").press("Enter")
    page.get_by_label("Terror level at the end").press("Enter")
    page.wait_for_timeout(500)
    expect(page).to_have_url(re.compile(r"/games/new/$"))
    assert Session.objects.count() == 0
    context.close()


# Whether the element at the centre of the focused one is it (or inside it), with where.
FOCUS_SEEN = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const name = el.name || el.id || el.textContent.trim().slice(0, 30) || el.tagName;
  return {
    name: name + (el.type === "radio" || el.type === "checkbox" ? "=" + el.value : ""),
    inForm: Boolean(el.closest("#result-form")),
    seen: Boolean(hit) && (hit === el || el.contains(hit)),
    hit: hit ? (hit.id || hit.className || hit.tagName) : null,
    y: Math.round(y),
  };
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375px", "1280px"])
def test_a_field_reached_with_tab_is_never_under_the_summary_bar(
    page, live_server, member, viewport
):
    page.set_viewport_size(viewport)
    page.goto(live_server.url + reverse("games:new"))
    # A game part-way in, as at a table: the bar says what is left to fix.
    page.locator('input[name="outcome"][value="sealed"]').check()
    seat_field(page, 0, "investigator").select_option(label="Amanda Sharpe (Student)")
    page.get_by_role("button", name="Add a seat").click()
    seat_field(page, 1, "player_name").fill("Someone New")
    expect(page.get_by_test_id("preview-status")).to_contain_text("Not valid yet")
    expect(page.locator("[data-new-player]").nth(1)).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("main").get_by_role("link", name="The league's rules").focus()

    hidden, reached = [], []
    for _ in range(200):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUS_SEEN)
        if not found["inForm"]:
            break
        reached.append(found["name"])
        if not found["seen"]:
            hidden.append(found)
    assert not hidden, hidden
    # The fields the bar used to hide were all reached and seen.
    for name in (
        "played_on",
        "terror_level",
        "elder_signs_played",
        "seats-0-player_name",
        "seats-0-unpaid_loans",
        "seats-1-new_player=Someone New",
        "add-seat",
        "notes",
    ):
        assert name in reached, (name, reached)

    # The space kept free is the bar's own height, also when it grows.
    assert_padding_is_the_bar(page)
    page.get_by_text("What to fix").click()
    expect(page.get_by_test_id("preview-problems")).to_be_visible()
    assert_padding_is_the_bar(page)


PADDING_AND_BAR = """() => [
  parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
  document.getElementById("preview").getBoundingClientRect().height,
]"""


SAME_HEIGHT = f"""() => {{
  const [padding, bar] = ({PADDING_AND_BAR})();
  return Math.abs(padding - bar) <= 1;
}}"""


def assert_padding_is_the_bar(page):
    """The padding follows the bar by the next frame (a ResizeObserver's callback)."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(SAME_HEIGHT, timeout=2000)
    padding, bar = page.evaluate(PADDING_AND_BAR)
    assert abs(padding - bar) <= 1, (padding, bar)


def test_a_mistyped_name_asks_did_you_mean_and_a_new_name_needs_its_box(page, live_server, member):
    game(status="approved", seats=[seat("Ben Carter", "Amanda Sharpe")])
    game(status="pending", seats=[seat("Ben Cartier", "Bob Jenkins")])  # private
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("games:new"))
    page.get_by_label("Ancient One", exact=True).select_option(label="Cthulhu (doom track 13)")
    page.locator('input[name="outcome"][value="banished"]').check()
    seat_field(page, 0, "investigator").select_option(label="Amanda Sharpe (Student)")
    page.get_by_role("button", name="Add a seat").click()
    seat_field(page, 1, "player_name").fill("Ben Carterr")
    seat_field(page, 1, "investigator").select_option(label="Bob Jenkins (Salesman)")

    hint = page.locator("[data-new-player-hint]").nth(1)
    expect(hint).to_have_text("New player — did you mean Ben Carter?")  # never Ben Cartier
    status = page.get_by_test_id("preview-status")
    expect(status).to_have_text("Not valid yet: 1 thing to fix")
    assert status.inner_text() == "Not valid yet: 1 thing to fix"  # as laid out: no " :"
    box = page.get_by_label("Yes, a new player: add “Ben Carterr” to the league")
    expect(box).not_to_be_checked()

    # Saving without the box: the form comes back as typed, the message at the seat.
    page.get_by_role("button", name="Save the game").click()
    expect(page.locator("#form-errors")).to_contain_text(
        "Seat 2 · New player: “Ben Carterr” is not a league player yet. Did you mean Ben Carter?"
    )
    expect(seat_field(page, 1, "player_name")).to_have_value("Ben Carterr")
    expect(seat_field(page, 1, "player_name")).to_be_visible()
    expect(page.locator("[data-new-player]").nth(1).locator(".errorlist")).to_contain_text(
        "Correct the name, or tick"
    )
    assert Session.objects.count() == 2 and not Player.objects.filter(name="Ben Carterr")

    # The suggestion puts the league's spelling in the field: nothing new to confirm.
    page.locator("[data-new-player]").nth(1).get_by_role("button", name="Ben Carter").click()
    expect(seat_field(page, 1, "player_name")).to_have_value("Ben Carter")
    expect(page.locator("[data-new-player]").nth(1)).to_be_hidden()
    expect(page.get_by_test_id("preview-score")).to_have_text("15")  # 13 + 2 survivors

    # A really new name, confirmed for that name; ticking it for "Dan" does not confirm "Dann".
    seat_field(page, 1, "player_name").fill("Dan")
    expect(hint).to_have_text("New player — nobody in the league has this name yet.")
    page.get_by_label("Yes, a new player: add “Dan” to the league").check()
    seat_field(page, 1, "player_name").press("End")
    page.keyboard.type("n")
    expect(page.get_by_label("Yes, a new player: add “Dann” to the league")).not_to_be_checked()
    page.get_by_label("Yes, a new player: add “Dann” to the league").check()
    expect(page.get_by_test_id("preview-score")).to_have_text("15")
    page.get_by_role("button", name="Save the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    saved = Session.objects.order_by("pk").last()
    names = sorted(s.player.name for s in saved.seats.all())
    assert names == ["Ann", "Dann"]
