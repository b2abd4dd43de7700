"""The result form in German and Polish in a real Chromium: the member picks the language
in the footer, a refused game comes back with its error in that language and every value
kept, and the saved game has the score English gives it."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games import rules
from games.models import AncientOne, Investigator, Session
from tests.addresses import reverse
from tests.test_browser_submit import member, seat_field  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

LANGUAGES = {
    "de": {
        "name": "Deutsch",
        "save": "Partie speichern",
        "gates": "Das Schließen der Tore erfordert",
        "score": "Siegpunktzahl: {}",
    },
    "pl": {
        "name": "Polski",
        "save": "Zapisz rozgrywkę",
        "gates": "Zamknięcie portali wymaga",
        "score": "Wynik zwycięstwa: {}",
    },
}


def fill(page, *, gate_trophies: int, add_seat: bool):
    hastur = AncientOne.objects.get(name="Hastur").pk
    amanda = Investigator.objects.get(name="Amanda Sharpe").pk
    bob = Investigator.objects.get(name="Bob Jenkins").pk
    page.locator('select[name="ancient_one"]').select_option(str(hastur))
    page.locator('input[name="outcome"][value="closed"]').check()
    page.locator('input[name="terror_level"]').fill("4")
    seat_field(page, 0, "player_name").fill("Ann")
    seat_field(page, 0, "investigator").select_option(str(amanda))
    seat_field(page, 0, "gate_trophies").fill(str(gate_trophies))
    seat_field(page, 0, "monster_trophies").fill("5")
    if add_seat:
        page.locator("#add-seat").click()
    seat_field(page, 1, "player_name").fill("Bob")
    seat_field(page, 1, "investigator").select_option(str(bob))
    seat_field(page, 1, "gate_trophies").fill("1")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_result_form_in_the_readers_language(page, live_server, member, code):  # noqa: F811
    words = LANGUAGES[code]
    page.goto(live_server.url + reverse("league:home"))
    page.locator("#language-choice").select_option(code)
    page.get_by_role("button", name="Change language").click()  # the page is in English
    expect(page).to_have_url(f"{live_server.url}/{code}/l/arkham/")
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#language-choice")).to_have_value(code)

    with translation.override(code):
        form_url = reverse("games:new")
    page.goto(live_server.url + form_url)
    fill(page, gate_trophies=0, add_seat=True)
    page.get_by_role("button", name=words["save"]).click()

    errors = page.locator(".outcomes .errorlist")
    expect(errors).to_contain_text(words["gates"])
    expect(page.locator('input[name="terror_level"]')).to_have_value("4")
    expect(seat_field(page, 1, "player_name")).to_have_value("Bob")
    expect(seat_field(page, 0, "monster_trophies")).to_have_value("5")
    assert Session.objects.count() == 0

    seat_field(page, 0, "gate_trophies").fill("2")
    seat_field(page, 1, "new_player").check()  # Bob is new to the league
    page.get_by_role("button", name=words["save"]).click()
    expect(page).to_have_url(re.compile(rf"/{code}/l/arkham/games/\d+/$"))
    saved = Session.objects.get()
    english = rules.game_score(
        outcome="closed",
        doom_track=13,
        terror_level=4,
        gate_trophies=3,
        monster_trophies=5,
        unpaid_loans=0,
        elder_signs_played=0,
        survivors=2,
    )
    assert saved.score == english
    expect(page.locator("table.breakdown caption")).to_have_text(words["score"].format(english))
