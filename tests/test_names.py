"""Player names: cleaning, the "same player" key, uniqueness on both databases, slugs."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.models import Player
from games.names import MAX_NAME_LENGTH, name_key, normalise_name
from games.players import player_for_name, player_get_or_create
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, result_form_data, seat


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Alice", "Alice"),
        ("  Alice   Smith  ", "Alice Smith"),
        ("Alice\u200b", "Alice"),  # zero-width space
        ("Al\u00adice", "Alice"),  # soft hyphen
        ("\u200dAl\u200cice\u2060", "Alice"),  # joiners, word joiner
        ("\u202eecilA", "ecilA"),  # right-to-left override
        ("Alice\tSmith\n", "Alice Smith"),
        ("Alice\u00a0Smith", "Alice Smith"),  # no-break space
        ("Alice\u3000Smith", "Alice Smith"),  # ideographic space
        ("Ａｌｉｃｅ", "Alice"),  # fullwidth letters (NFKC)
        ("ﬁona", "fiona"),  # ligature (NFKC)
        ("E\u0301lodie", "Élodie"),  # combining accent composed
        ("李雷", "李雷"),
        ("\u200b \u00ad", ""),
        ("Bob\x00", "Bob"),  # NUL: PostgreSQL refuses it in text
    ],
)
def test_names_are_cleaned_before_anything_else(typed, stored):
    assert normalise_name(typed) == stored


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Alice", "alice"),
        ("Élodie", "élodie"),
        ("ÉLODIE", "e\u0301lodie"),
        ("Alice", "Alice\u200b"),
        ("Alice", "Al\u00adice"),
        ("Alice", "\u0410lice"),  # Cyrillic capital A
        ("Alice", "Ali\u0441e"),  # Cyrillic small es
        ("Olga", "\u039flga"),  # Greek capital omicron
        ("STRASSE", "straße"),
        ("Alice Smith", "Alice  Smith"),
        ("Ａｌｉｃｅ", "alice"),
    ],
)
def test_look_alike_names_share_a_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Alice", "Alicia"),
        ("Élodie", "Elodie"),  # accents make a different name
        ("李雷", "李雪"),
        ("Олег", "Ольга"),  # genuine Cyrillic names stay apart
        ("Ann", "Anna"),
    ],
)
def test_different_names_keep_different_keys(one, other):
    assert name_key(one) != name_key(other)


# The pure tests above need no database; these do.
with_db = pytest.mark.django_db


@with_db
@pytest.mark.parametrize("other", ["élodie", "ÉLODIE", "Élodie\u200b"])
def test_the_database_refuses_a_second_player_with_the_same_key(other):
    """The unique key decides, so SQLite and PostgreSQL agree whatever their collations."""
    Player.objects.create(name="Élodie")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name=other)


@with_db
def test_named_finds_the_player_whatever_the_spelling():
    alice = Player.objects.create(name="Alice")
    for typed in ("alice", " ALICE ", "\u0410lice", "Al\u00adice"):
        assert Player.objects.named(typed).get() == alice


@with_db
def test_get_or_create_reuses_a_look_alike_and_stores_the_clean_name():
    alice, created = player_get_or_create("  Alice\u200b ")
    assert created and alice.name == "Alice"
    assert player_get_or_create("\u0410LICE") == (alice, False)
    assert Player.objects.count() == 1


@with_db
def test_get_or_create_takes_the_next_slug_when_another_name_has_it():
    first = player_for_name("Ann!")
    second = player_for_name("Ann?")
    assert (first.slug, second.slug) == ("ann", "ann-2")


@with_db
@pytest.mark.parametrize(
    ("name", "slug"),
    [("李雷", "李雷"), ("Élodie", "élodie"), ("Ольга", "ольга"), ("!!!", "player")],
)
def test_slugs_keep_letters_of_every_script(name, slug):
    assert Player.objects.create(name=name).slug == slug


@with_db
def test_a_non_latin_player_page_answers_at_its_own_name(client):
    game(seats=[seat("李雷", "Amanda Sharpe"), seat("李雪", "Bob Jenkins")])
    assert [p.slug for p in Player.objects.order_by("slug")] == ["李雪", "李雷"]
    assert (
        reverse("league:player", kwargs={"slug": "李雷"})
        == "/en/l/arkham/players/%E6%9D%8E%E9%9B%B7/"
    )
    response = client.get("/en/l/arkham/players/李雷/")
    assert response.status_code == 200
    assert response.context["player"].name == "李雷"


@with_db
def test_the_admin_refuses_a_rename_to_a_look_alike():
    PlayerFactory(name="Alice")
    bob = PlayerFactory(name="Bob")
    bob.name = "\u0410lice"
    with pytest.raises(ValidationError) as refused:
        bob.full_clean()
    assert "already a player" in str(refused.value)


@with_db
@pytest.mark.parametrize("look_alike", ["Alice\u200b", "\u0410lice", "Al\u00adice", "ALICE"])
def test_signup_reads_a_look_alike_of_a_claimed_name_as_that_name(client, look_alike):
    """A look-alike is the claimed player's name: never a second player; ticking "That is
    me" files a claim a moderator decides (tests/test_claims.py)."""
    PlayerFactory(name="Alice", user=UserFactory(username="alice"))
    response = client.post(
        reverse("signup"),
        {
            "username": "mallory",
            "email": "m@example.com",
            "player_name": look_alike,
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert response.status_code == 200
    assert "is already a name in the league" in response.content.decode()
    assert not UserFactory._meta.model.objects.filter(username="mallory").exists()
    assert Player.objects.count() == 1


@with_db
def test_names_longer_than_the_limit_are_refused_with_a_message(client):
    client.force_login(UserFactory())
    data = result_form_data(
        seats=[{"player_name": "A" * (MAX_NAME_LENGTH + 1), "investigator": "Amanda Sharpe"}]
    )
    response = client.post(reverse("games:new"), data)
    assert response.status_code == 200
    errors = response.context["seats"].forms[0].errors["player_name"]
    assert errors == [f"Ensure this value has at most {MAX_NAME_LENGTH} characters (it has 81)."]
    assert not Player.objects.exists()


@with_db
def test_a_name_of_only_invisible_characters_is_required_again(client):
    client.force_login(UserFactory())
    data = result_form_data(
        seats=[{"player_name": "\u200b\u00ad", "investigator": "Amanda Sharpe"}]
    )
    response = client.post(reverse("games:new"), data)
    assert response.status_code == 200
    assert response.context["seats"].forms[0].errors["player_name"] == ["This field is required."]
