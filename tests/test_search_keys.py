"""The search key: what the search box compares a name by (case, accents, punctuation),
stored on every searched row and kept on write."""

import importlib

import pytest
from django.apps import apps

from games.models import AncientOne, Investigator, Player, Scenario, Team
from games.names import search_key, search_words
from tests.factories import PlayerFactory, TeamFactory, scenario

fill_search_keys = importlib.import_module("games.migrations.0021_search_keys").fill_search_keys


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Ann", "ann"),
        ("ANN  Armitage", "ann armitage"),
        ("Élodie", "elodie"),
        ("E\u0301lodie", "elodie"),  # a combining accent
        ("Zoë Brontë", "zoe bronte"),
        ("Łukasz Żółw", "lukasz zolw"),  # a stroke is no combining mark
        ("Søren Ærø", "soren aero"),
        ("Straße", "strasse"),  # case folding
        ("Ｓｈｕｂ", "shub"),  # fullwidth (NFKC)
        ("\u0410nn", "ann"),  # Cyrillic А reads as Latin, as for the same-player key
        ("Shub-Niggurath", "shub niggurath shubniggurath"),
        ("Y'Golonac", "y golonac ygolonac"),
        ("Y’Golonac", "y golonac ygolonac"),  # a typographic apostrophe
        ("Mandy Thompson (Researcher)", "mandy thompson researcher"),
        ("Dr. Jones", "dr jones"),
        ("The Stars Are Right!", "the stars are right"),
        ("李雷", "李雷"),
        ("Player_1", "player 1 player1"),  # an underscore separates, as any punctuation
        ("Al\u200bice", "alice"),  # invisible characters go, as from every name
        ("", ""),
        ("---", ""),
    ],
)
def test_search_key(name, key):
    assert search_key(name) == key


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("sharpe", ["sharpe"]),
        ("  SHUB   niggurath ", ["shub", "niggurath"]),
        ("y'golonac", ["y", "golonac"]),
        ("ÉLODIE", ["elodie"]),
        ("%_", []),  # no LIKE wildcard survives
        ("!!!", []),
        ("", []),
    ],
)
def test_search_words(typed, words):
    assert search_words(typed) == words


def test_every_word_of_a_query_is_a_word_start_of_the_key_it_should_find():
    """What the search relies on: the query's words begin words of the name's key."""
    for typed, name in [
        ("ygolonac", "Y'Golonac"),
        ("y'golonac", "Y'Golonac"),
        ("golonac", "Y'Golonac"),
        ("shub nigg", "Shub-Niggurath"),
        ("elo", "Élodie O'Brien"),
        ("obrien", "Élodie O'Brien"),
    ]:
        key_words = search_key(name).split()
        assert all(any(k.startswith(w) for k in key_words) for w in search_words(typed)), typed


@pytest.mark.django_db
def test_each_searched_row_gets_its_key_on_save_and_on_a_rename():
    player = PlayerFactory(name="Élodie Dupré")
    team = TeamFactory(name="Les Étoilés")
    stars = scenario("Les Étoiles Sont Là")
    assert (player.search_key, team.search_key) == ("elodie dupre", "les etoiles")
    assert Scenario.objects.get(pk=stars.pk).search_key == "les etoiles sont la"
    player.name = "Zoë"
    player.save(update_fields=["name"])  # a save of the name alone writes its key too
    assert Player.objects.get(pk=player.pk).search_key == "zoe"


@pytest.mark.django_db
def test_the_catalog_has_its_keys_from_the_migrations():
    assert not AncientOne.objects.filter(search_key="").exists()
    assert not Investigator.objects.filter(search_key="").exists()
    assert AncientOne.objects.get(name="Y'Golonac").search_key == "y golonac ygolonac"


@pytest.mark.django_db
def test_the_migration_fills_the_keys_of_rows_that_exist():
    PlayerFactory(name="Élodie")
    TeamFactory(name="Night Owls")
    scenario("Dark Stars")
    models = (AncientOne, Investigator, Player, Scenario, Team)
    for model in models:
        model.objects.update(search_key="")  # as the rows were before migration 0021
    fill_search_keys(apps, None)
    for model in models:
        assert model.objects.exists()
        assert all(row.search_key == search_key(row.name) for row in model.objects.all())
