"""The admin for moderators (issue 19): picking an account for a player, games called games,
the autocomplete boxes' labels script."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission

from games.models import Player, Session, Team
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator

pytestmark = pytest.mark.django_db

AUTOCOMPLETE = reverse("admin:autocomplete")
PICK_USER = {"app_label": "games", "model_name": "player", "field_name": "user"}
LABELS_SCRIPT = "js/admin-autocomplete-labels.js"


def staff_moderator(*codenames: str, username: str = "mod"):
    """A staff user in the Moderators group, with these further permissions of games."""
    user = moderator(username, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="games", codename__in=codenames)
    )
    return user


@pytest.fixture
def accounts():
    return [
        UserFactory(username="annie", email="annie@example.com", first_name="Ann"),
        UserFactory(username="bob", email="secret-bob@example.com"),
    ]


def texts(response) -> list[str]:
    return [row["text"] for row in response.json()["results"]]


def test_a_moderator_who_edits_players_picks_an_account(client, accounts):
    client.force_login(staff_moderator("change_player"))
    response = client.get(AUTOCOMPLETE, {**PICK_USER, "term": "ann"})
    assert response.status_code == 200
    assert texts(response) == ["annie"]
    # Usernames and names only: an e-mail address finds nobody.
    assert texts(client.get(AUTOCOMPLETE, {**PICK_USER, "term": "secret"})) == []


def test_a_moderator_who_may_not_edit_players_gets_no_accounts(client, accounts):
    client.force_login(staff_moderator())
    assert client.get(AUTOCOMPLETE, {**PICK_USER, "term": "ann"}).status_code == 403


@pytest.mark.parametrize(
    "params",
    [
        # A user field outside the league's models, or of a model without an admin.
        {"app_label": "admin", "model_name": "logentry", "field_name": "user"},
        {"app_label": "games", "model_name": "historicalsession", "field_name": "history_user"},
        {"app_label": "games", "model_name": "player", "field_name": "nothing"},
        {"app_label": "games", "model_name": "nothing", "field_name": "user"},
    ],
)
def test_the_picker_opens_nothing_else(client, accounts, params):
    client.force_login(staff_moderator("change_player"))
    assert client.get(AUTOCOMPLETE, {**params, "term": "ann"}).status_code == 403


def test_the_user_admin_itself_stays_closed_to_the_moderator(client, accounts):
    client.force_login(staff_moderator("change_player"))
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403
    change = reverse("admin:auth_user_change", args=[accounts[0].pk])
    assert client.get(change).status_code == 403


def test_those_who_change_games_or_teams_pick_their_user_fields(client, accounts):
    client.force_login(staff_moderator("change_team"))
    for model, field in [("session", "submitted_by"), ("team", "captain")]:
        params = {"app_label": "games", "model_name": model, "field_name": field, "term": "bob"}
        assert texts(client.get(AUTOCOMPLETE, params)) == ["bob"], model


def test_staff_with_the_user_permission_still_search_by_e_mail(client, accounts):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert texts(client.get(AUTOCOMPLETE, {**PICK_USER, "term": "secret"})) == ["bob"]


def test_the_player_page_picks_a_user_through_the_autocomplete(client, accounts):
    player = PlayerFactory(name="Nora")
    client.force_login(staff_moderator("change_player"))
    page = client.get(reverse("admin:games_player_change", args=[player.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-app-label="games" data-model-name="player" data-field-name="user"' in html
    assert LABELS_SCRIPT in html


def test_games_are_called_games_in_the_admin(client):
    session = game(status="pending")
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert (Session._meta.verbose_name, Session._meta.verbose_name_plural) == ("game", "games")
    pages = {
        reverse("admin:index"): ">Games</a>",
        reverse("admin:games_session_changelist"): "<title>Select game to change",
        reverse("admin:games_session_add"): "<title>Add game",
        reverse("admin:games_session_change", args=[session.pk]): "| Change game |",
        reverse("admin:games_session_history", args=[session.pk]): "Change history",
    }
    for url, expected in pages.items():
        html = client.get(url).content.decode()
        assert expected in html, url
        assert "Session" not in html.replace("session", ""), url
    reject = client.post(
        reverse("admin:games_session_changelist"),
        {"action": "reject", "_selected_action": [session.pk]},
    )
    assert '">Games</a> › Reject' in reject.content.decode()


@pytest.mark.parametrize("model", [Session, Player, Team])
def test_every_admin_with_autocomplete_boxes_names_them(model):
    assert LABELS_SCRIPT in str(admin.site._registry[model].media)
