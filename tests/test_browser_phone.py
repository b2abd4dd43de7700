"""Every table page on a phone (375 × 740): rows read as cards, nothing is cut off.

One mechanism serves every table (``table.stack``: a ``data-label`` on each cell and one CSS
block). At 375 px the page never scrolls sideways, every cell lies inside the screen, every
card names each value with its column's header, and a value that wraps (several players
and the commas between them) stays right of its label. At 1280 px the same tables are
ordinary tables. Screenshots land in /tmp/phone-<page>.png for a human eye.
"""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PASSWORD = "correct-horse-battery"
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
LONG_NAMES = (
    "Bartholomew Featherstonehaugh-Cholmondeley",
    "Anastasia Wilhelmina Worthington",
    "Cyrille",
    "Dorothea Quackenbush",
    "李雷",
)


@pytest.fixture
def league(catalog_rows):
    """Several games of four and five seats with long names, a team, a scenario board
    (open and closed), a series, and a member's approved, pending and rejected games."""
    member = UserFactory(username="ann")
    ann = PlayerFactory(name="Ann Whose Name Is Rather Long", user=member)
    others = [PlayerFactory(name=name) for name in LONG_NAMES]
    team = TeamFactory(
        name="The Miskatonic University Night Owls Reading Society", members=[ann, *others[:3]]
    )
    series = SeriesFactory(name="The Season of the Long and Starless Night")
    now = timezone.now()
    open_scenario = scenario("The Stars Are Right Again Tonight", series=series)
    closed_scenario = scenario(
        "Whispers Beneath the Unvisited Isle",
        series=series,
        opens_at=now - datetime.timedelta(days=60),
        closes_at=now - datetime.timedelta(days=20),
    )
    investigators = ("Amanda Sharpe", "Bob Jenkins", "Vincent Lee", "Jenny Barnes", "Joe Diamond")

    def table(size, start=0):
        players = [ann, *others]
        return [
            seat(players[(start + i) % len(players)], investigators[i], gate_trophies=1)
            for i in range(size)
        ]

    for i, ancient_one in enumerate(("Cthulhu", "Hastur", "Quachil Uttaus", "Yig", "Ithaqua")):
        game(
            ancient_one=ancient_one,
            terror_level=i,
            seats=table(4 + i % 2, start=i),
            submitted_by=member,
            played_on=datetime.date(2026, 1, 3 + i),
        )
    game(
        outcome="defeat",
        defeat_cause="devoured",
        seats=table(4),
        submitted_by=member,
        played_on=datetime.date(2026, 1, 9),
    )
    team_game = game(scenario=open_scenario, team=team, seats=table(4), submitted_by=member)
    game(scenario=open_scenario, seats=table(5, start=2), terror_level=1)
    played = (now - datetime.timedelta(days=40)).date()
    game(scenario=closed_scenario, team=team, seats=table(4), played_on=played)
    game(ancient_one="Hastur", seats=table(5), submitted_by=member, status="pending")
    game(ancient_one="Azathoth", seats=table(4, start=1), submitted_by=member, status="pending")
    game(
        ancient_one="Yig",
        seats=table(4, start=3),
        submitted_by=member,
        status="rejected",
        rejection_reason="Played twice.",
    )
    moderator("mod")
    return {
        "player": ann,
        "team": team,
        "scenario": open_scenario,
        "series": series,
        "game": team_game,
    }


def pages(league) -> dict[str, tuple[str, str | None]]:
    """Each table page: its address and who must be logged in to see it."""
    return {
        "home": (reverse("league:home"), None),
        "leaderboard": (reverse("league:leaderboard"), None),
        "standings": (reverse("league:standings"), None),
        "teams": (reverse("league:teams"), None),
        "team": (league["team"].get_absolute_url(), None),
        "player": (league["player"].get_absolute_url(), None),
        "ancient-ones": (reverse("league:ancient_ones"), None),
        "ancient-one": (reverse("league:ancient_one", kwargs={"slug": "hastur"}), None),
        "scenarios": (reverse("league:scenarios"), None),
        "scenario": (league["scenario"].get_absolute_url(), None),
        "series": (league["series"].get_absolute_url(), None),
        "game": (league["game"].get_absolute_url(), None),
        "investigators": (reverse("league:investigators"), None),
        "investigator": (reverse("league:investigator", kwargs={"slug": "bob-jenkins"}), None),
        "heralds": (reverse("league:heralds"), None),
        "boxes": (reverse("league:boxes"), None),
        "my-games": (reverse("games:mine"), "ann"),
        "pending": (reverse("games:pending"), "mod"),
    }


# What the page shows at a width, as data: the page's width, every content box poking out
# of the screen, and per table each card's labels against the table's column headers.
MEASURE = """() => {
  const screen = document.documentElement.clientWidth;
  const out = [];
  const inside = (r) => r.width === 0 || (r.left >= -0.5 && r.right <= screen + 0.5);
  for (const el of document.querySelectorAll("main *")) {
    const r = el.getBoundingClientRect();
    if (el.closest(".visually-hidden, details:not([open]) > :not(summary)")) continue;
    if (!inside(r)) out.push(`${el.tagName.toLowerCase()}.${el.className} "${
      el.textContent.trim().slice(0, 40)}" ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  const tables = [...document.querySelectorAll("main table")].filter(
    (t) => !t.closest("details:not([open])"));
  return {
    scrollWidth: document.documentElement.scrollWidth,
    outside: out,
    tables: tables.map((t) => ({
      caption: t.caption ? t.caption.textContent.trim() : "",
      classes: [...t.classList],
      display: getComputedStyle(t).display,
      cellDisplay: [...t.querySelectorAll("tbody td")].map((c) => getComputedStyle(c).display),
      headers: [...t.querySelectorAll("thead th")].map((th) => th.textContent.trim()),
      rows: [...t.querySelectorAll("tbody tr")].filter((tr) => tr.cells.length > 1).map(
        (tr) => [...tr.cells].map((cell) => {
          const before = getComputedStyle(cell, "::before");
          // Where the value starts, and the leftmost box of what it holds (text and elements):
          // nothing of the value may wrap left of its first line, into the label.
          const boxes = [];
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            if (!walker.currentNode.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(walker.currentNode);
            for (const r of range.getClientRects()) boxes.push(r);
          }
          const cellBox = cell.getBoundingClientRect();
          return {
            label: cell.dataset.label ?? null,
            shown: before.display !== "none" ? before.content : "none",
            cellLeft: cellBox.left,
            start: boxes.length ? boxes[0].left : null,
            leftmost: boxes.length ? Math.min(...boxes.map((r) => r.left)) : null,
          };
        })),
    })),
  };
}"""


def log_in(page, base_url, username):
    page.goto(base_url + reverse("login"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def visit(browser, base_url, viewport, username, url):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    if username:
        log_in(page, base_url, username)
    page.goto(base_url + url)
    return context, page


def card_problems(table) -> list[str]:
    """What is wrong with one table's cards: a missing or unshown label, a value that
    wraps into the label column."""
    problems = []
    headers = table["headers"]
    for number, row in enumerate(table["rows"], start=1):
        where = f'"{table["caption"]}" row {number}'
        labels = [cell["label"] for cell in row]
        if labels != headers:
            problems.append(f"{where}: labels {labels} are not the headers {headers}")
        for cell in row:
            if cell["shown"] != f'"{cell["label"]}"':
                problems.append(f"{where}: {cell['label']!r} shows {cell['shown']}")
            if cell["start"] is None:
                continue
            if cell["start"] - cell["cellLeft"] < 40:
                problems.append(f"{where}: {cell['label']!r} value starts under its label")
            if cell["leftmost"] < cell["start"] - 0.5:
                problems.append(f"{where}: {cell['label']!r} wraps into the label column")
    return problems


@pytest.mark.parametrize(
    "name",
    [
        "home",
        "leaderboard",
        "standings",
        "teams",
        "team",
        "player",
        "ancient-ones",
        "ancient-one",
        "scenarios",
        "scenario",
        "series",
        "game",
        "my-games",
        "pending",
    ],
)
def test_a_table_page_reads_as_cards_on_a_phone(browser, live_server, league, name):
    url, username = pages(league)[name]
    context, page = visit(browser, live_server.url, PHONE, username, url)
    for summary in page.locator("main details > summary").all():
        summary.click()  # the month-by-month tables too
    seen = page.evaluate(MEASURE)
    page.screenshot(path=f"/tmp/phone-{name}.png", full_page=True)
    # And one screen from the first table down: the whole page is too tall to judge.
    if page.locator("main table").count():
        page.locator("main table").first.evaluate("table => table.scrollIntoView()")
        page.screenshot(path=f"/tmp/phone-{name}-table.png")
    context.close()

    assert seen["scrollWidth"] <= PHONE["width"]
    assert seen["outside"] == []
    # A score sheet (three columns and a total) stays a sheet; it fits as it is.
    sheets = [table for table in seen["tables"] if "breakdown" in table["classes"]]
    cards = [table for table in seen["tables"] if "stack" in table["classes"]]
    assert len(sheets) + len(cards) == len(seen["tables"]), seen["tables"]
    problems = [line for table in cards for line in card_problems(table)]
    assert problems == [], "\n".join(problems)
    if name != "pending":  # the queue is a list of cards already, not a table
        assert cards, "no table measured"
        assert all(table["rows"] for table in cards), cards


def test_my_games_shows_every_status_on_a_phone(browser, live_server, league):
    context, page = visit(browser, live_server.url, PHONE, "ann", reverse("games:mine"))
    statuses = page.locator('main td[data-label="Status"]')
    expect(statuses).to_have_count(10)
    for status in statuses.all():
        status.scroll_into_view_if_needed()
        expect(status).to_be_in_viewport(ratio=1)
        box = status.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    texts = {text.strip() for text in statuses.all_inner_texts()}
    assert texts == {"Approved", "Pending", "Rejected"}
    context.close()


@pytest.mark.parametrize(
    "name", ["home", "leaderboard", "standings", "team", "ancient-ones", "game", "my-games"]
)
def test_the_same_tables_are_ordinary_tables_at_1280(browser, live_server, league, name):
    url, username = pages(league)[name]
    context, page = visit(browser, live_server.url, DESKTOP, username, url)
    seen = page.evaluate(MEASURE)
    context.close()
    assert seen["scrollWidth"] <= DESKTOP["width"]
    assert seen["tables"]
    for table in seen["tables"]:
        assert table["display"] == "table", table["caption"]
        assert set(table["cellDisplay"]) == {"table-cell"}, table["caption"]


def test_at_1280_dates_and_names_stay_whole_and_row_links_look_like_links(
    browser, live_server, league
):
    url, username = pages(league)["leaderboard"]
    context, page = visit(browser, live_server.url, DESKTOP, username, url)
    seen = page.evaluate(
        """() => {
        const oneLine = (el) => el.getClientRects().length === 1;
        const dates = [...document.querySelectorAll("td.date a")];
        const names = [...document.querySelectorAll("td.players a")];
        return {
            dates: dates.length, datesOnOneLine: dates.every(oneLine),
            names: names.length, namesOnOneLine: names.every(oneLine),
        };
    }"""
    )
    context.close()
    assert seen["dates"] and seen["datesOnOneLine"]
    assert seen["names"] and seen["namesOnOneLine"]
    ancient_ones, username = pages(league)["ancient-ones"]
    context, page = visit(browser, live_server.url, DESKTOP, username, ancient_ones)
    decoration = page.evaluate(
        """() => getComputedStyle(document.querySelector('tbody th[scope="row"] a'))
        .textDecorationLine"""
    )
    context.close()
    assert decoration == "underline"
