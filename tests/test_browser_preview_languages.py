"""The result form's offline preview in German and Polish, in a real Chromium: the phone
scores from the rules' English names and the doom track the form carries, never from its
labels, which are in the reader's language (boxes have printed names per language)."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games.models import AncientOne, Box, Investigator
from tests.addresses import reverse
from tests.test_browser_offline import log_in, wait_for_worker

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def member(page, live_server, catalog_rows):
    return log_in(page, live_server, "ann")


def open_offline(page, context, live_server, language):
    """The result form in ``language``, kept by the worker, then the phone goes offline."""
    with translation.override(language):
        page.goto(live_server.url + reverse("games:new"))
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    wait_for_worker(page)
    context.set_offline(True)


def fill_one_seat(page):
    amanda = Investigator.objects.get(name="Amanda Sharpe")
    page.locator('[name="seats-0-player_name"]').fill("Ann")
    page.locator('[name="seats-0-investigator"]').select_option(str(amanda.pk))


@pytest.mark.parametrize(
    ("language", "label"),
    [("de", "Cthulhu (Verderbensleiste 13)"), ("pl", "Cthulhu (tor Zagłady 13)")],
)
def test_the_doom_track_scores_though_the_label_is_translated(
    page, context, live_server, member, language, label
):
    open_offline(page, context, live_server, language)
    page.locator('[name="ancient_one"]').select_option(label=label)
    page.locator('input[name="outcome"][value="sealed"]').check()
    page.locator('[name="terror_level"]').fill("2")
    page.locator('[name="elder_sign_tokens"]').fill("6")
    fill_one_seat(page)
    page.locator('[name="seats-0-gate_trophies"]').fill("1")
    preview = page.get_by_test_id("preview")
    expect(preview.get_by_test_id("preview-offline")).to_be_visible()
    expect(preview.get_by_test_id("preview-problems")).to_have_count(0)
    expect(preview.get_by_test_id("preview-score")).to_have_text("13")  # 13 - 2 + 1 + 1


@pytest.mark.parametrize("language", ["de", "pl"])
def test_act_iii_is_allowed_with_the_printed_name_of_its_box(
    page, context, live_server, member, language
):
    king = Box.objects.get(name_en="The King in Yellow")
    assert getattr(king, f"name_{language}") != king.name_en  # the label is translated
    open_offline(page, context, live_server, language)
    cthulhu = AncientOne.objects.get(name="Cthulhu")
    page.locator('[name="ancient_one"]').select_option(str(cthulhu.pk))
    page.locator('input[name="outcome"][value="defeat"]').check()
    page.locator('[name="defeat_cause"]').select_option("act-iii")
    page.locator('[name="terror_level"]').fill("4")
    fill_one_seat(page)
    preview = page.get_by_test_id("preview")
    # Without the King in Yellow the phone finds Act III impossible...
    expect(preview.get_by_test_id("preview-problems")).to_have_count(1)
    # ...and with it ticked under its printed name the defeat is fine.
    page.locator(f'input[name="boxes"][value="{king.pk}"]').check()
    expect(preview.get_by_test_id("preview-problems")).to_have_count(0)
    expect(preview.get_by_test_id("preview-defeat")).to_be_visible()
