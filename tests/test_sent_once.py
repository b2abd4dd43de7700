"""A game sent twice is stored once: the phone's id (``client_id``) on the result form.

A replay, a retried request, a double tap or two tabs post the same game with the same id;
the first stores it and every other answers as the first did (to the same game's page).
"""

from __future__ import annotations

import uuid

import pytest

from games.models import Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, first_league, result_form_data
from tests.test_races import at_once, logged_in, report

pytestmark = pytest.mark.usefixtures("catalog_rows")

TWINS = 8


def member(username="ann"):
    user = UserFactory(username=username, password=None)
    PlayerFactory(name=username.title(), user=user)
    return user


def game_data(client_id, **fields):
    return result_form_data(client_id=str(client_id), **fields)


@pytest.mark.django_db
def test_a_replay_stores_the_game_once_and_answers_as_the_first(client):
    client.force_login(member())
    data = game_data(uuid.uuid4())
    answers = [client.post(reverse("games:new"), data) for _ in range(3)]
    game = Session.objects.get()
    assert game.client_id == uuid.UUID(data["client_id"])
    assert [answer.status_code for answer in answers] == [302, 302, 302]
    assert {answer.url for answer in answers} == {game.get_absolute_url()}


@pytest.mark.django_db
def test_without_an_id_a_second_post_is_asked_about_as_before(client):
    client.force_login(member())
    data = result_form_data()
    assert client.post(reverse("games:new"), data).status_code == 302
    again = client.post(reverse("games:new"), data)
    assert again.status_code == 200
    assert "Already recorded?" in again.content.decode()
    assert Session.objects.count() == 1


@pytest.mark.django_db
def test_two_games_with_two_ids_are_two_games(client):
    client.force_login(member())
    client.post(reverse("games:new"), game_data(uuid.uuid4()))
    data = game_data(uuid.uuid4(), played_on="2026-01-11")
    assert client.post(reverse("games:new"), data).status_code == 302
    assert Session.objects.count() == 2


@pytest.mark.django_db
def test_another_accounts_id_is_refused_without_showing_its_game(client):
    client_id = uuid.uuid4()
    client.force_login(member("ann"))
    client.post(reverse("games:new"), game_data(client_id))
    client.force_login(member("bob"))
    answer = client.post(reverse("games:new"), game_data(client_id, played_on="2026-01-11"))
    assert answer.status_code == 200
    assert answer.context["submission"].error_links() == [
        ("", "This game was already sent from another account.")
    ]
    assert Session.objects.count() == 1


@pytest.mark.django_db
def test_a_malformed_id_is_a_form_error_not_a_crash(client):
    client.force_login(member())
    answer = client.post(reverse("games:new"), game_data("not-a-uuid"))
    assert answer.status_code == 200
    assert "Enter a valid UUID" in answer.content.decode()
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_the_form_carries_an_empty_id_for_the_phone_to_fill(client):
    client.force_login(member())
    html = client.get(reverse("games:new")).content.decode()
    assert '<input type="hidden" name="client_id" id="id_client_id">' in html


@pytest.mark.django_db(transaction=True)
def test_twin_requests_at_the_same_moment_store_one_game():
    user = member()
    data = game_data(uuid.uuid4())
    clients = [logged_in(user) for _ in range(TWINS)]
    answers = at_once([lambda c=c: c.post(reverse("games:new"), data) for c in clients])
    errors = [a for a in answers if isinstance(a, Exception) or a.status_code >= 500]
    report("twin posts", posts=TWINS, errors=len(errors), games=Session.objects.count())
    assert not errors
    game = Session.objects.get()
    assert {(a.status_code, a.url) for a in answers} == {(302, game.get_absolute_url())}


@pytest.mark.django_db
def test_a_twin_stored_between_the_checks_and_the_insert_answers_with_its_game(monkeypatch):
    """The unique constraint, not the checks before it, decides: the insert refused, the
    twin's game is the answer (a savepoint keeps the transaction usable on PostgreSQL)."""
    from games.forms.submission import ResultSubmission

    user = member()
    data = game_data(uuid.uuid4())
    league = first_league()
    first = ResultSubmission(data, user=user, league=league, confirm_new_players=True)
    assert first.is_valid()
    twin = ResultSubmission(data, user=user, league=league, confirm_new_players=True)
    assert twin.is_valid()
    stored = first.save()
    # The twin's own model check ran before the first game existed.
    monkeypatch.setattr(Session, "validate_unique", lambda self, exclude=None: None)
    assert twin.save() == stored
    assert Session.objects.count() == 1
