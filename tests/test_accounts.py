"""Accounts: sign up linked to a league player, log in and out, password change and reset."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from games.models import Player
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, seat

pytestmark = pytest.mark.django_db

SIGNUP = reverse("signup")
PASSWORD = "a-long-unusual-password-42"


def signup_data(**overrides):
    return {
        "username": "carla",
        "email": "carla@example.com",
        "player_name": "Carla",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **overrides,
    }


def test_sign_up_creates_a_player_logs_in_and_goes_to_the_result_form(client):
    response = client.post(SIGNUP, signup_data(player_name="  Carla   Dee "))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:new")
    user = get_user_model().objects.get(username="carla")
    assert user.player.name == "Carla Dee"
    assert client.get(reverse("games:new")).status_code == 200  # logged in


def test_sign_up_honours_a_safe_next_and_ignores_another_site(client):
    response = client.post(SIGNUP, signup_data(next=reverse("games:mine")))
    assert response["Location"] == reverse("games:mine")
    client.logout()
    response = client.post(
        SIGNUP, signup_data(username="dan", player_name="Dan", next="https://evil.example/")
    )
    assert response["Location"] == reverse("games:new")


def test_a_player_with_no_approved_game_and_no_account_is_claimed_at_once(client):
    """Nobody's record is at stake: ticking "That is me" links the account (the claims
    that wait for a moderator are in test_claims)."""
    existing = PlayerFactory(name="Carla")
    game(status="pending", seats=[seat(existing, "Amanda Sharpe")])
    response = client.post(SIGNUP, signup_data(player_name="carla"))
    assert response.status_code == 200
    errors = response.context["form"].errors["claim_player"]
    # The typed name, not the stored spelling, and nothing about the player's games.
    assert errors[0].startswith("“carla” is already a name in the league.")
    assert "Carla" not in errors[0] and "game" not in errors[0].split("approved")[0]
    assert not get_user_model().objects.exists()
    html = response.content.decode()
    assert 'value="carla@example.com"' in html  # input kept

    response = client.post(SIGNUP, signup_data(player_name="carla", claim_player="on"))
    assert response.status_code == 302
    existing.refresh_from_db()
    assert existing.user.username == "carla"
    assert Player.objects.count() == 1


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"password2": "something-else-entirely"}, "password2"),
        ({"email": "not-an-address"}, "email"),
        ({"player_name": ""}, "player_name"),
        ({"username": "taken"}, "username"),
    ],
)
def test_bad_sign_ups_are_refused_with_the_input_kept(client, overrides, field):
    UserFactory(username="taken")
    response = client.post(SIGNUP, signup_data(**overrides))
    assert field in response.context["form"].errors
    assert get_user_model().objects.count() == 1
    assert Player.objects.count() == 0


def test_logged_in_users_skip_the_sign_up_page(client):
    client.force_login(UserFactory())
    assert client.get(SIGNUP)["Location"] == reverse("games:new")


def test_navigation_depends_on_being_logged_in(client):
    html = client.get(SIGNUP).content.decode()
    assert f'href="{SIGNUP}"' in html and f'href="{reverse("games:new")}"' not in html
    client.force_login(UserFactory())
    html = client.get(reverse("games:mine")).content.decode()
    assert f'href="{reverse("games:new")}"' in html and "Log out" in html


def test_login_and_logout(client):
    UserFactory(username="ann")
    page = client.get(reverse("login"))
    assert page.status_code == 200 and reverse("password_reset") in page.content.decode()
    response = client.post(
        reverse("login"), {"username": "ann", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("games:new")).status_code == 302


def test_password_change(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    assert client.get(reverse("password_change")).status_code == 200
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "correct-horse-battery",
            "new_password1": PASSWORD,
            "new_password2": PASSWORD,
        },
    )
    assert response["Location"] == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert client.get(reverse("password_change_done")).status_code == 200


def test_password_reset_by_e_mail(client):
    UserFactory(username="ann", email="ann@example.com")
    assert client.get(reverse("password_reset")).status_code == 200
    response = client.post(reverse("password_reset"), {"email": "ann@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Arkham League: reset your password"
    link = next(line for line in message.body.splitlines() if "/accounts/reset/" in line)
    path = link.split("testserver", 1)[1]
    form_page = client.get(path, follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD}
    )
    assert response["Location"] == reverse("password_reset_complete")
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response["Location"] == reverse("leagues")
