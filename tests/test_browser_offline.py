"""The installable app in a real Chromium: manifest, service worker, offline pages."""

import uuid

import pytest
from playwright.sync_api import expect

from games.models import Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, scenario
from tests.test_browser_accessibility import axe_violations
from tests.test_browser_submit import PASSWORD, fill_game, fill_seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def browser_context_args(browser_context_args):
    """A phone's screen; axe's script is injected inline, which the league's CSP refuses."""
    return {**browser_context_args, "viewport": {"width": 375, "height": 800}, "bypass_csp": True}


def log_in(page, live_server, username):
    user = UserFactory(username=username)
    PlayerFactory(name=username.title(), user=user)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return user


@pytest.fixture
def member(page, live_server, catalog_rows):
    return log_in(page, live_server, "ann")


def wait_for_worker(page):
    """Until the service worker controls the page (its first visit installs it)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")


def test_install_prerequisites(page, live_server, catalog_rows):
    page.goto(live_server.url + reverse("league:home"))
    manifest_url = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(live_server.url + manifest_url).json()
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        response = page.request.get(live_server.url + icon["src"])
        assert response.ok and response.headers["content-type"] == "image/png"
    scope = page.evaluate("navigator.serviceWorker.ready.then(function (r) { return r.scope; })")
    assert scope == live_server.url + "/"
    page.reload()
    wait_for_worker(page)


def test_offline_a_visited_page_is_a_saved_copy_and_others_the_offline_page(
    page, context, live_server, catalog_rows
):
    page.goto(live_server.url + reverse("league:home"))
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    wait_for_worker(page)
    page.goto(live_server.url + reverse("league:rules"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    context.set_offline(True)
    page.goto(live_server.url + reverse("league:rules"))
    expect(page.locator(".saved-copy")).to_contain_text("Saved copy from")
    page.goto(live_server.url + reverse("league:heralds"))
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    saved = page.locator("#saved-pages")  # what this phone has, newest first
    expect(saved.get_by_role("link")).to_have_text(["How the league scores a game", "Home"])
    assert axe_violations(page) == []


def open_form_with_worker(page, live_server):
    """The result form, opened once the worker controls the page (so it is kept)."""
    page.goto(live_server.url + reverse("games:new"))
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    wait_for_worker(page)


def test_a_game_saved_offline_waits_on_the_phone_and_is_sent_once(
    page, context, live_server, member
):
    open_form_with_worker(page, live_server)
    context.set_offline(True)
    fill_game(page, outcome="sealed", terror=2)
    page.get_by_label("Elder sign tokens on the board").fill("6")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=1)
    preview = page.get_by_test_id("preview")
    expect(preview.get_by_test_id("preview-offline")).to_contain_text(
        "Offline: scored on this phone; the league checks it again when it is sent"
    )
    expect(preview.get_by_test_id("preview-score")).to_have_text("13")  # 13 - 2 + 1 + 1
    page.get_by_label("Terror level at the end").fill("4")
    expect(preview.get_by_test_id("preview-score")).to_have_text("11")
    assert axe_violations(page) == []

    page.get_by_role("button", name="Save the game").click()
    expect(page.get_by_role("heading", name="Saved on this phone")).to_be_visible()
    expect(page.locator("#offline-status")).to_contain_text("Waiting to send: 1")
    expect(page.get_by_label("Terror level at the end")).to_have_value("4")
    assert axe_violations(page) == []

    page.reload()  # offline still: the queue is kept on the phone
    expect(page.locator("#offline-status")).to_contain_text("Waiting to send: 1")
    assert not Session.objects.exists()

    context.set_offline(False)
    expect(page.get_by_role("heading", name="Sent")).to_be_visible()
    expect(page.locator("#offline-status")).to_be_hidden()
    game = Session.objects.get()
    assert (game.terror_level, game.score, game.submitted_by) == (4, 11, member)
    assert game.client_id is not None


def test_offline_the_phone_adds_the_scenario_score(page, context, live_server, member):
    scenario("The Stars Are Right")
    open_form_with_worker(page, live_server)
    context.set_offline(True)
    page.get_by_label("Scenario (optional)").select_option(label="The Stars Are Right")
    page.get_by_label("Keep the terror below 3").check()
    fill_game(page, outcome="sealed", terror=2)
    page.get_by_label("Elder sign tokens on the board").fill("6")
    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=1)
    preview = page.get_by_test_id("preview")
    expect(preview.get_by_test_id("preview-offline")).to_be_visible()
    expect(preview.get_by_test_id("preview-score")).to_have_text("13")  # 13 - 2 + 1 + 1
    expect(preview.get_by_test_id("preview-tasks")).to_have_text("1")
    expect(preview.get_by_test_id("preview-scenario-score")).to_have_text("14")
    page.get_by_label("Close the Unvisited Isle").check()
    expect(preview.get_by_test_id("preview-scenario-score")).to_have_text("15")
    page.get_by_label("Scenario (optional)").select_option(value="")
    expect(preview.get_by_test_id("preview-scenario-score")).to_have_count(0)
    assert axe_violations(page) == []


def save_offline(page, context, live_server, *, player="Ann", terror=2):
    """A one-seat sealed victory saved with no signal: kept on the phone."""
    open_form_with_worker(page, live_server)
    context.set_offline(True)
    fill_game(page, outcome="sealed", terror=terror)
    page.get_by_label("Elder sign tokens on the board").fill("6")
    fill_seat(page, 0, player, "Amanda Sharpe (Student)", gate_trophies=1)
    page.get_by_role("button", name="Save the game").click()
    expect(page.get_by_role("heading", name="Saved on this phone")).to_be_visible()


def test_two_tabs_coming_online_send_the_game_once(page, context, live_server, member):
    save_offline(page, context, live_server)
    other = context.new_page()
    other.goto(live_server.url + reverse("games:new"))  # a saved copy, offline
    expect(other.locator("#offline-status")).to_contain_text("Waiting to send: 1")
    context.set_offline(False)
    expect(page.locator("#offline-status")).to_be_hidden()
    other.reload()
    expect(other.locator("#offline-status")).to_be_hidden()
    assert Session.objects.count() == 1


def test_a_refused_game_comes_back_to_the_form_with_its_values(page, context, live_server, member):
    # A name nobody in the league has needs "Yes, a new player", which only the league
    # can say: the phone cannot check it offline.
    save_offline(page, context, live_server, player="Zed Newcomer", terror=3)
    context.set_offline(False)
    link = page.locator("#offline-status").get_by_role("link", name="1 game needs a fix")
    expect(link).to_be_visible()
    link.click()
    expect(page.get_by_role("heading", name="Not accepted yet")).to_be_visible()
    expect(page.get_by_test_id("queued-reasons")).to_contain_text("Zed Newcomer")
    expect(page.locator('[name="seats-0-player_name"]')).to_have_value("Zed Newcomer")
    expect(page.get_by_label("Terror level at the end")).to_have_value("3")
    assert axe_violations(page) == []
    assert not Session.objects.exists()
    page.reload()  # it stays on the phone until fixed or discarded
    expect(page.locator("#offline-status")).to_contain_text("Waiting to send: 1")

    page.get_by_label("Yes, a new player: add “Zed Newcomer” to the league").check()
    page.get_by_role("button", name="Save the game").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Record a game")
    expect(page.locator("#offline-status")).to_be_hidden()
    assert Session.objects.get().seats.get().player.name == "Zed Newcomer"


def test_another_account_never_sees_nor_sends_the_queued_game(page, context, live_server, member):
    save_offline(page, context, live_server)
    page.close()
    context.clear_cookies()  # Ann's session ends while offline; Bob signs in on this phone
    context.set_offline(False)
    bob = context.new_page()
    log_in(bob, live_server, "bob")
    bob.goto(live_server.url + reverse("games:new"))
    expect(bob.get_by_role("button", name="Save the game")).to_be_visible()
    expect(bob.locator("#offline-status")).to_be_hidden()
    bob.goto(live_server.url + reverse("games:new") + "#queued=" + queued_ids(bob)[0])
    expect(bob.get_by_role("heading", name="Saved on this phone")).to_have_count(0)
    assert not Session.objects.exists()
    assert len(queued_ids(bob)) == 1  # still Ann's, on this phone, for when she is back


# Every game in the phone's queue, whoever's (read straight from IndexedDB).
QUEUED = """() => new Promise((resolve) => {
    const open = indexedDB.open("league-offline", 1);
    open.onsuccess = () => {
        const all = open.result.transaction("games").objectStore("games").getAll();
        all.onsuccess = () => resolve(all.result);
    };
})"""


def queued_ids(page):
    return [entry["id"] for entry in page.evaluate(QUEUED)]


def test_a_half_entered_game_is_kept_as_a_draft_until_saved(page, live_server, member):
    page.goto(live_server.url + reverse("games:new"))
    fill_game(page, outcome="closed", terror=5)
    page.locator('[name="location"]').fill("The cottage")
    page.goto(live_server.url + reverse("league:rules"))  # an accidental Back, a closed tab
    page.goto(live_server.url + reverse("games:new"))
    expect(page.get_by_role("heading", name="A game not saved yet")).to_be_visible()
    assert axe_violations(page) == []
    page.get_by_role("button", name="Restore it").click()
    expect(page.get_by_label("Terror level at the end")).to_have_value("5")
    expect(page.locator('[name="location"]')).to_have_value("The cottage")
    expect(page.locator('input[name="outcome"][value="closed"]')).to_be_checked()

    fill_seat(page, 0, "Ann", "Amanda Sharpe (Student)", gate_trophies=1)
    page.get_by_role("button", name="Save the game").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Record a game")
    page.goto(live_server.url + reverse("games:new"))  # saved: no draft any more
    expect(page.get_by_role("button", name="Save the game")).to_be_visible()
    expect(page.get_by_role("heading", name="A game not saved yet")).to_have_count(0)
    assert Session.objects.get().location == "The cottage"


def test_logging_out_with_a_game_not_sent_asks_first(page, context, live_server, member):
    save_offline(page, context, live_server, player="Zed Newcomer")
    context.set_offline(False)
    expect(page.locator("#offline-status")).to_contain_text("1 game needs a fix")
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert questions == [questions[0]] * 2 and "1 game is not sent" in questions[0]
    assert len(queued_ids(page)) == 1  # kept for Ann


def dispatch_sync(page, live_server, tag):
    """Fires the worker's Background Sync as the browser does once it has a signal (CDP's
    ServiceWorker.dispatchSyncEvent: Playwright has no API of its own for it)."""
    cdp = page.context.new_cdp_session(page)
    scope = live_server.url + "/"
    found = []

    def updated(event):
        found.extend(r["registrationId"] for r in event["registrations"] if r["scopeURL"] == scope)

    cdp.on("ServiceWorker.workerRegistrationUpdated", updated)
    cdp.send("ServiceWorker.enable")  # reports every registration
    wait_until(page, lambda: found)
    sync = {"origin": live_server.url, "registrationId": found[0], "tag": tag, "lastChance": False}
    cdp.send("ServiceWorker.dispatchSyncEvent", sync)


def wait_until(page, condition, seconds=5):
    for _ in range(seconds * 10):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"still not true after {seconds} s")


def test_background_sync_sends_the_queue_with_no_page_of_the_league_open(
    page, context, live_server, member
):
    save_offline(page, context, live_server)
    tags = page.evaluate("navigator.serviceWorker.ready.then((r) => r.sync.getTags())")
    assert tags == ["league-queue"]
    page.goto("about:blank")  # no page of the league open: only the worker can send it
    context.set_offline(False)  # Chromium fires the sync itself then; CDP makes it certain
    dispatch_sync(page, live_server, "league-queue")
    wait_until(page, Session.objects.exists)
    game = Session.objects.get()
    assert (game.submitted_by, game.terror_level) == (member, 2)
    page.goto(live_server.url + reverse("games:new"))
    expect(page.get_by_role("button", name="Save the game")).to_be_visible()
    assert queued_ids(page) == []


# The queued game's post, with a fresh token: once, then twice at the same time.
REPLAY = """async (queued) => {
    const token = await (await fetch("/offline/token/")).json();
    const body = new URLSearchParams(queued.fields);
    body.set("csrfmiddlewaretoken", token.csrf);
    const post = () => fetch(queued.url, {method: "POST", body: body});
    const first = await post();
    const again = await Promise.all([post(), post()]);
    return [first, ...again].map((answer) => [answer.status, answer.redirected, answer.url]);
}"""


def test_a_closed_tab_keeps_the_queue_and_a_request_replayed_three_times_is_one_game(
    page, context, live_server, member
):
    save_offline(page, context, live_server)
    page.close()  # the tab closed with no signal
    tab = context.new_page()
    tab.goto(live_server.url + reverse("games:new"))  # its saved copy, offline
    expect(tab.locator("#offline-status")).to_contain_text("Waiting to send: 1")
    (queued,) = tab.evaluate(QUEUED)
    tab.goto(live_server.url + reverse("offline:token"))  # a page that sends nothing itself
    context.set_offline(False)  # the worker's Background Sync may send it meanwhile: a 4th
    answers = tab.evaluate(REPLAY, queued)
    game = Session.objects.get()
    page_of_the_game = live_server.url + game.get_absolute_url()
    assert answers == [[200, True, page_of_the_game]] * 3
    assert game.client_id == uuid.UUID(queued["id"])
