"""What a newcomer meets, in a real Chromium: the summary bar, focus, console, phone tables."""

import contextlib
import datetime
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, seat
from tests.test_browser_submit import PASSWORD, fill_game, fill_seat, seat_field

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def member(page, live_server, catalog_rows):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return user


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_the_summary_bar_stays_in_view_on_a_phone(page, live_server, member):
    page.set_viewport_size({"width": 375, "height": 700})
    page.goto(live_server.url + reverse("games:new"))
    expect(page.get_by_label("Terror level at the end")).to_have_value("0")
    fill_game(page, outcome="closed", terror=1)
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    status = page.get_by_test_id("preview-status")
    expect(status).to_contain_text("Not valid yet")
    expect(page.get_by_test_id("preview-score")).to_have_count(0)  # no score while invalid
    page.get_by_text("What to fix").click()
    expect(page.get_by_test_id("preview-problems")).to_contain_text("Closing the gates needs")

    seat_field(page, 0, "gate_trophies").fill("1")
    expect(page.get_by_test_id("preview-score")).to_have_text("14")  # 13 - 1 + 1 + 1
    page.get_by_label("Ancient One", exact=True).scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0)")
    assert in_viewport(page, page.get_by_test_id("preview-score"))
    page.get_by_text("How the score adds up").first.click()
    expect(page.get_by_test_id("preview-breakdown")).to_be_visible()
    seat_field(page, 0, "monster_trophies").fill("3")
    expect(page.get_by_test_id("preview-score")).to_have_text("15")
    expect(page.get_by_test_id("preview-breakdown")).to_be_visible()  # stays open


def test_no_console_errors_while_filling_the_form(page, live_server, member):
    errors, previews = [], []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda r: previews.append(r) if "/games/preview/" in r.url else None)
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome="sealed", terror=3)
    page.get_by_label("Elder sign tokens on the board").press_sequentially("6", delay=20)
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    for field in ("gate_trophies", "monster_trophies", "replaced"):
        seat_field(page, 0, field).press_sequentially("12", delay=30)
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)", new=True, monster_trophies=2)
    page.get_by_label("Where you played (optional)").press_sequentially("Arkham", delay=60)
    expect(page.get_by_test_id("preview-score")).to_be_visible()
    page.wait_for_load_state("networkidle")
    # The preview really ran, more than once. Previews queue (the last change waits for the
    # one in flight), so how many run depends on the machine's speed: at least two.
    assert len(previews) >= 2

    # A slow server: hold one preview in flight while the next change comes in (htmx used
    # to abort the superseded request and log it as an error).
    held = []
    page.route("**/games/preview/", lambda route: held.append(route))
    seat_field(page, 0, "gate_trophies").fill("3")
    page.wait_for_function("() => document.querySelector('#preview.htmx-request') !== null")
    seat_field(page, 0, "monster_trophies").fill("4")
    page.wait_for_timeout(700)
    page.unroute("**/games/preview/")
    for route in held:
        # An aborted request cannot be continued; its error is already logged.
        with contextlib.suppress(Exception):
            route.continue_()
    expect(page.get_by_test_id("preview-score")).to_have_text(re.compile(r"\d+"))
    page.wait_for_load_state("networkidle")
    assert errors == []


def test_focus_moves_on_after_removing_a_seat(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)")
    fill_seat(page, 2, "Cy", "Vincent Lee (Doctor)")
    page.get_by_role("button", name="Remove seat 2").click()
    expect(seat_field(page, 2, "player_name")).to_be_focused()  # the next seat
    page.get_by_role("button", name="Remove seat 2").click()  # Cy's, now numbered 2
    expect(seat_field(page, 0, "player_name")).to_be_focused()  # none after: the one before
    page.get_by_role("button", name="Remove seat 1").click()
    expect(page.get_by_role("button", name="Add a seat")).to_be_focused()


def test_a_failed_save_focuses_the_error_summary_and_its_links_reach_the_fields(
    page, live_server, member
):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome="closed", terror=4)
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", unpaid_loans=2)
    page.get_by_role("button", name="Save the game").click()
    summary = page.locator("#form-errors")
    expect(summary).to_be_focused()
    expect(summary.get_by_role("link")).to_have_count(1)  # the loans; the outcome waits for it
    summary.get_by_role("link", name=re.compile("Seat 1 · Unpaid Bank Loans")).click()
    expect(seat_field(page, 0, "unpaid_loans")).to_be_focused()


def test_a_possible_duplicate_is_a_warning_not_an_error(page, live_server, member):
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    page.goto(live_server.url + reverse("games:new"))
    page.get_by_label("Date played").fill("2026-01-10")
    fill_game(page, outcome="sealed", terror=2)
    page.get_by_label("Elder sign tokens on the board").fill("6")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)")
    fill_seat(page, 1, "Bob", "Bob Jenkins (Salesman)")
    expect(page.get_by_test_id("preview-score")).to_be_visible()
    page.get_by_role("button", name="Save the game").click()
    expect(page.locator("#duplicates")).to_be_focused()
    expect(page.locator("#form-errors")).to_have_count(0)
    page.get_by_label("Yes, this is a different game: save it anyway").check()
    page.get_by_role("button", name="Save the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


@pytest.fixture
def league(catalog_rows):
    ann = PlayerFactory(name="Ann Whose Name Is Rather Long")
    for terror in range(3):
        game(
            ancient_one="Quachil Uttaus",
            boxes=("Arkham Horror", "Innsmouth Horror"),
            terror_level=terror,
            # Months apart, December first: a chart's edge labels are its longest.
            played_on=datetime.date(2023, 12, 1) + datetime.timedelta(days=200 * terror),
            seats=[
                seat(ann, "Amanda Sharpe"),
                seat("Bartholomew Featherstonehaugh", "Bob Jenkins"),
                seat("Cyrille", "Vincent Lee"),
            ],
        )
    return ann


def test_the_leaderboard_reads_on_a_phone_without_sideways_scrolling(page, live_server, league):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + reverse("league:leaderboard"))
    expect(page.get_by_test_id("match-count")).to_have_text("3 games match")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    first = page.locator("table.stack tbody tr").first
    for label in ("Rank", "Score", "Ancient One", "Outcome", "Players", "Date"):
        cell = first.locator(f'td[data-label="{label}"]')
        expect(cell).to_be_visible()
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, label
    expect(first.get_by_role("link", name="Bartholomew Featherstonehaugh")).to_be_visible()
    expect(first.locator('td[data-label="Date"] a')).to_be_visible()  # the link to the game


def test_the_filter_form_leaves_empty_parameters_out(page, live_server, league):
    page.goto(live_server.url + reverse("league:leaderboard"))
    page.get_by_text("Filters").click()
    page.get_by_role("combobox", name="Ancient One").select_option("quachil-uttaus")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_test_id("match-count")).to_have_text("3 games match")
    assert urlsplit(page.url).query == "ancient_one=quachil-uttaus"
    page.go_back()
    expect(page.get_by_label("Outcome")).to_be_enabled()


def test_the_player_page_tables_fit_their_boxes_at_1280(page, live_server, league):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + league.get_absolute_url())
    widths = page.eval_on_selector_all(
        ".table-container",
        "els => els.map(e => [e.getAttribute('aria-label'), e.scrollWidth - e.clientWidth])",
    )
    assert len(widths) >= 4
    assert [label for label, overflow in widths if overflow > 0] == []


@pytest.mark.parametrize("width", [375, 1280])
def test_chart_labels_are_readable_and_none_is_clipped(page, live_server, league, width):
    page.set_viewport_size({"width": width, "height": 900})
    for url in (league.get_absolute_url(), reverse("league:ancient_one", args=["quachil-uttaus"])):
        page.goto(live_server.url + url)
        labels = page.eval_on_selector_all(
            ".chart-svg",
            """svgs => svgs.flatMap(svg => {
                const box = svg.getBoundingClientRect();
                return [...svg.querySelectorAll('text')].map(text => {
                    const own = text.getBoundingClientRect();
                    return {text: text.textContent, height: own.height,
                            inside: own.left >= box.left - 0.5 && own.right <= box.right + 0.5
                                && own.top >= box.top - 0.5 && own.bottom <= box.bottom + 0.5};
                });
            })""",
        )
        assert len(labels) >= 4, url
        assert [label["text"] for label in labels if not label["inside"]] == [], url
        assert min(label["height"] for label in labels) >= 9, (url, labels)


def test_the_ten_best_scores_keep_their_rows_short_at_1280(page, live_server, league):
    """Three players, one long-named, at each table: names whole, a row a line or two."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + reverse("league:home"))
    table = page.get_by_role("region", name="Best approved victories")
    line = table.locator("tbody td").first.evaluate(
        "td => parseFloat(getComputedStyle(td).lineHeight)"
    )
    heights = table.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => r.getBoundingClientRect().height)"
    )
    assert len(heights) == 3
    assert max(heights) <= 3 * line, (heights, line)
    names = table.locator("td.players a").evaluate_all(
        "links => links.map(a => a.getClientRects().length)"
    )
    assert set(names) == {1}  # no name broken over two lines


@pytest.mark.parametrize("name", ["league:standings", "league:investigators", "league:heralds"])
def test_wide_tables_show_every_column_at_1280(page, live_server, league, name):
    """No column is cut: a table fits its box, or its box scrolls and says so."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + reverse(name))
    boxes = page.eval_on_selector_all(
        ".table-container",
        """els => els.map(e => ({label: e.getAttribute('aria-label'),
            overflow: e.scrollWidth - e.clientWidth,
            cue: getComputedStyle(e).overflowX === 'auto' && e.scrollWidth > e.clientWidth
                 && e.classList.contains('scrolls')}))""",
    )
    assert boxes
    assert [box["label"] for box in boxes if box["overflow"] > 0 and not box["cue"]] == []
