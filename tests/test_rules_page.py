"""The project's own rules reference: /rules/, linked from every page and from the form."""

import subprocess
from pathlib import Path

import pytest
from django.utils.html import escape

from games.models import AncientOne, DefeatCause, Outcome
from tests.addresses import reverse
from tests.budgets import LEAGUE_READ, PAGE_CACHE_MISS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RULES = reverse("league:rules")


def test_the_rules_page_states_outcomes_formula_first_citizen_and_rulings(client):
    html = client.get(RULES).content.decode()
    for label in Outcome.labels + DefeatCause.labels:
        assert escape(str(label)) in html  # the labels are lazy (translated)
    for term in (
        "printed doom track",
        "terror level at the end",
        "Bank Loan unpaid or defaulted",
        "elder sign played during the game",
        "unspent gate trophy",
        "Every 3 unspent monster trophies",
        "sane, surviving investigator",
        "First Citizen of Arkham",
        "share",
        "no score",
        "zero or negative",
        "not the elder sign tokens on the board",
        "between 1 and 8",
        "from 0 to 10",
    ):
        assert term in html, term


def test_every_ancient_one_with_its_doom_track_in_one_query(client, django_assert_num_queries):
    AncientOne.objects.filter(name="Yig").update(doom_track=11)  # a staff correction shows
    with django_assert_num_queries(1 + PAGE_CACHE_MISS + LEAGUE_READ):
        response = client.get(RULES)
    html = response.content.decode()
    rows = list(response.context["ancient_ones"])
    assert len(rows) == AncientOne.objects.count() >= 25
    for ancient_one in AncientOne.objects.all():
        assert escape(ancient_one.name) in html
    yig = next(row for row in rows if row.name == "Yig")
    assert yig.doom_track == 11


def test_the_navigation_the_footer_and_the_result_form_link_to_the_rules(client):
    assert f'href="{RULES}"' in client.get(reverse("league:home")).content.decode()
    client.force_login(UserFactory())
    form = client.get(reverse("games:new")).content.decode()
    # The form's own link, the navigation's and the footer's.
    assert form.count(f'href="{RULES}"') == 3


def test_no_file_points_at_a_rules_folder_outside_the_project():
    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    marker = "shared" + "/"  # spelled apart so this file does not match itself
    offenders = [
        name
        for name in files
        if name.endswith((".py", ".md", ".html", ".txt", ".css", ".js", "Makefile"))
        and marker in (root / name).read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_the_rules_page_says_what_the_site_counts_and_what_a_rating_means(client):
    html = client.get(reverse("league:rules")).content.decode()
    assert "number of seats recorded for the game" in html
    assert "markers at the end" not in html
    assert "μ − 3σ, a value" not in html and "99.7 %" not in html
    assert "wins an <em>even game</em>" in html


def test_the_rules_page_names_the_ancient_ones_with_a_defeat_rule_of_their_own(client):
    html = client.get(reverse("league:rules")).content.decode()
    assert "Only Glaaki, Shudde M'ell and Bokrug have an immediate-defeat rule" in html
