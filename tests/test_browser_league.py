"""The league pages in a real Chromium: filters, sorting, export, charts, a phone screen."""

import csv
import datetime
import io

import pytest
from playwright.sync_api import expect

from tests.addresses import reverse
from tests.factories import game, seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def league(catalog_rows):
    return {
        "hastur_low": game(ancient_one="Hastur", terror_level=6),
        "hastur_high": game(ancient_one="Hastur", terror_level=0),
        "cthulhu": game(ancient_one="Cthulhu", terror_level=1),
        "ann_again": game(
            ancient_one="Yig",
            seats=[seat("Ann"), seat("Cid", "Bob Jenkins")],
            played_on=datetime.date(2025, 5, 1),
        ),
    }


def score_cells(page):
    return [
        int(text) for text in page.locator("table.table tbody td:nth-child(2)").all_inner_texts()
    ]


def test_filter_leaderboard_by_ancient_one_and_sort_by_score(page, live_server, league):
    page.goto(live_server.url + reverse("league:leaderboard"))
    page.get_by_text("Filters").click()
    page.get_by_role("combobox", name="Ancient One").select_option("hastur")
    page.get_by_role("button", name="Apply").click()
    expect(page.locator("table.table tbody tr")).to_have_count(2)
    assert set(page.locator("table.table tbody td:nth-child(3)").all_inner_texts()) == {"Hastur"}
    high, low = league["hastur_high"].score, league["hastur_low"].score
    assert score_cells(page) == [high, low]
    page.get_by_role("link", name="Score").click()  # flips to ascending
    expect(page.locator("th[aria-sort]")).to_have_attribute("aria-sort", "ascending")
    assert score_cells(page) == [low, high]
    assert "ancient_one=hastur" in page.url


def test_csv_export_downloads_the_filtered_rows(page, live_server, league):
    page.goto(live_server.url + reverse("league:leaderboard") + "?ancient_one=hastur")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="CSV").click()
    download = download_info.value
    assert download.suggested_filename == "arkham-league-leaderboard-hastur.csv"
    with open(download.path(), encoding="utf-8") as handle:
        _, *rows = list(csv.reader(io.StringIO(handle.read())))
    assert [row[2] for row in rows] == ["Hastur", "Hastur"]
    assert [int(row[1]) for row in rows] == score_cells(page)
    # The last column links each game on the host the page was read from.
    assert [row[-1] for row in rows] == [
        f"{live_server.url}/l/arkham/games/{row[-2]}/" for row in rows
    ]


def test_a_download_named_in_another_script_keeps_its_name_in_chromium(page, live_server, league):
    game(seats=[seat("李雷")], played_on=datetime.date(2026, 1, 12))
    page.goto(live_server.url + reverse("league:leaderboard") + "?player=%E6%9D%8E%E9%9B%B7")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Excel").click()
    # Chromium reads RFC 5987 filename* before the plain ASCII fallback.
    assert download_info.value.suggested_filename == "arkham-league-leaderboard-player-李雷.xlsx"


def test_standings_minimum_games_filter_changes_the_rows(page, live_server, league):
    page.goto(live_server.url + reverse("league:standings"))
    rows = page.locator("table.table tbody tr")
    expect(rows).to_have_count(3)  # Ann, Bob, Cid
    page.get_by_label("Minimum games").fill("4")
    page.get_by_role("button", name="Apply").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Ann")


def test_player_and_ancient_one_pages_show_their_charts(page, live_server, league):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + reverse("league:player", kwargs={"slug": "ann"}))
    chart = page.locator("#score-over-time svg")
    expect(chart).to_be_visible()
    expect(chart.locator("circle")).to_have_count(4)
    assert chart.get_attribute("role") == "img"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375  # wide tables scroll inside their box, not the page

    page.goto(live_server.url + reverse("league:ancient_one", kwargs={"slug": "hastur"}))
    bars = page.locator("#score-distribution svg")
    expect(bars).to_be_visible()
    assert bars.locator("rect").count() >= 2
    box = bars.bounding_box()
    assert box["width"] <= 375 and box["height"] > 50
