"""The catalog's names per language (games/translation.py): the publishers' printed names
on pages and downloads, English where a language has none, the rules and the import
unmoved by the reader's language, and the admin's field per language."""

import csv
import io

import pytest
from django.utils import translation

from games import rules
from games.forms.results import entered_rule_errors
from games.imports.names import CatalogNames
from games.models import AncientOne, Box, Herald, Investigator, Session
from tests.addresses import reverse
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def box(english: str) -> Box:
    return Box.objects.get(name_en=english)


def test_the_migration_fills_every_language_and_keeps_english():
    dunwich = box("Dunwich Horror")
    assert (dunwich.name_en, dunwich.name_de, dunwich.name_pl) == (
        "Dunwich Horror",
        "Das Grauen von Dunwich",
        "Koszmar z Dunwich",
    )
    for model, field in [(Box, "name"), (Herald, "name"), (Investigator, "occupation")]:
        for language in ("en", "de", "fr", "es", "pl"):
            assert not model.objects.filter(**{f"{field}_{language}__isnull": True}).exists()
    assert (
        AncientOne.objects.get(name="Zhar").note_fr == "Doit être vaincu deux fois pour être banni."
    )


def test_the_boxes_page_names_the_boxes_as_the_german_edition_printed_them(client):
    with translation.override("de"):
        page = client.get(reverse("league:boxes")).content.decode()
    assert "Das Grauen von Dunwich" in page
    assert "Schatten über Innsmouth" in page
    assert "Innsmouth Horror" not in page


def test_pages_in_english_are_as_before(client):
    page = client.get(reverse("league:heralds")).content.decode()
    assert "Father Dagon" in page and "Innsmouth Horror" in page
    assert "Vater Dagon" not in page


def test_a_language_without_a_printed_name_shows_the_english_one(client):
    Box.objects.filter(name_en="Dunwich Horror").update(name_fr=None)
    Box.objects.filter(name_en="Kingsport Horror").update(name_fr="")
    with translation.override("fr"):
        assert str(box("Dunwich Horror")) == "Dunwich Horror"
        page = client.get(reverse("league:boxes")).content.decode()
    assert "Dunwich Horror" in page and "Kingsport Horror" in page
    assert "L&#x27;Horreur d&#x27;Innsmouth" in page or "L'Horreur d'Innsmouth" in page


def test_the_investigators_download_names_boxes_and_occupations_in_the_language(client):
    with translation.override("es"):
        response = client.get(reverse("league:investigators"), {"_export": "csv"})
        text = b"".join(response.streaming_content).decode()
    rows = {row[0]: row for row in csv.reader(io.StringIO(text))}
    assert "El Horror de Dunwich" in rows["Jim Culver"]


def test_the_rules_know_the_act_deck_boxes_in_any_language():
    session = Session(
        ancient_one=AncientOne.objects.get(name="Hastur"),
        outcome=rules.DEFEAT,
        defeat_cause=rules.ACT_III,
    )
    with translation.override("pl"):
        assert entered_rule_errors(session, {"boxes": [box("The King in Yellow")]}, {}) == []
        assert entered_rule_errors(session, {"boxes": [box("Dunwich Horror")]}, {})


def test_a_results_file_may_name_a_box_as_any_edition_printed_it():
    boxes = CatalogNames(Box, "box")
    dunwich = box("Dunwich Horror")
    assert boxes.find("Das Grauen von Dunwich") == dunwich
    assert boxes.find("koszmar z dunwich") == dunwich
    assert boxes.find("Dunwich Horror") == dunwich


def test_staff_edit_a_name_per_language_in_the_admin(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    dunwich = box("Dunwich Horror")
    url = reverse("admin:games_box_change", args=[dunwich.pk])
    form = client.get(url).content.decode()
    for language in ("en", "de", "fr", "es", "pl"):
        assert f'name="name_{language}"' in form
    assert 'value="Das Grauen von Dunwich"' in form
    data = {
        "name_en": "Dunwich Horror",
        "name_de": "Das Grauen von Dunwich",
        "name_fr": "",
        "name_es": "El Horror de Dunwich",
        "name_pl": "Koszmar z Dunwich",
        "slug": dunwich.slug,
        "year": dunwich.year,
        "kind": dunwich.kind,
    }
    assert client.post(url, data).status_code == 302
    dunwich.refresh_from_db()
    assert dunwich.name_fr is None  # blank: French readers get English
    with translation.override("fr"):
        assert dunwich.name == "Dunwich Horror"
