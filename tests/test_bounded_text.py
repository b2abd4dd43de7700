"""Notes are bounded at 2,000 characters: the form, the model and the database agree."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.models import Session
from games.models.sessions import NOTES_MAX_LENGTH
from tests.addresses import reverse
from tests.factories import UserFactory, game, result_form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(client):
    user = UserFactory(password=None)
    client.force_login(user)
    return user


@pytest.mark.parametrize("length", [NOTES_MAX_LENGTH + 1, 2_000_000])
def test_overlong_notes_come_back_with_a_message_and_the_other_answers_kept(client, user, length):
    data = result_form_data(notes="n" * length, location="Kingsport")
    response = client.post(reverse("games:new"), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["notes"] == [
        f"Notes hold at most {NOTES_MAX_LENGTH} characters; these have {length}. "
        "Shorten them a little."
    ]
    assert form["location"].value() == "Kingsport"
    assert not Session.objects.exists()


def test_notes_of_exactly_the_limit_are_saved(client, user):
    data = result_form_data(notes="n" * NOTES_MAX_LENGTH)
    assert client.post(reverse("games:new"), data).status_code == 302
    assert len(Session.objects.get().notes) == NOTES_MAX_LENGTH


def test_the_textarea_tells_the_browser_the_limit(client, user):
    html = client.get(reverse("games:new")).content.decode()
    assert f'maxlength="{NOTES_MAX_LENGTH}"' in html


def test_the_model_refuses_overlong_notes():
    session = game()
    session.notes = "n" * (NOTES_MAX_LENGTH + 1)
    with pytest.raises(ValidationError) as refused:
        session.full_clean()
    assert "Notes hold at most 2000 characters." in str(refused.value)


def test_the_database_refuses_overlong_notes_from_any_path():
    session = game()
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=session.pk).update(notes="n" * (NOTES_MAX_LENGTH + 1))
