"""Claims: a player's record is claimed, not taken. Saying "that is me" of a player with
approved games, or with another account, files a claim that a moderator approves or
refuses (the player's own account may refuse it too); until then the account has no
league player. A player who is nobody's record yet is claimed at once (test_accounts)."""

import logging

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from games.models import Player, PlayerClaim, Team
from tests.addresses import reverse
from tests.factories import PlayerFactory, TeamFactory, UserFactory, game, moderator, seat

pytestmark = pytest.mark.django_db

SIGNUP = reverse("signup")
QUEUE = reverse("games:claims")
MINE = reverse("games:mine")
PASSWORD = "a-long-unusual-password-42"


def signup(client, username: str, name: str, **extra):
    data = {
        "username": username,
        "email": f"{username}@example.com",
        "player_name": name,
        "password1": PASSWORD,
        "password2": PASSWORD,
        "claim_player": "on",
        **extra,
    }
    return client.post(SIGNUP, data, follow=True)


@pytest.fixture
def ben():
    """Ben Carter, with two approved games and no account."""
    game(seats=[seat("Ben Carter", "Amanda Sharpe"), seat("Ann", "Bob Jenkins")])
    game(seats=[seat("Ben Carter", "Amanda Sharpe")])
    return Player.objects.get(name="Ben Carter")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def answer(client, claim, value: str, **extra):
    url = reverse("games:claim_answer", args=[claim.pk])
    return client.post(url, {"answer": value, **extra}, follow=True)


def test_that_is_me_on_a_player_with_approved_games_files_a_claim(client, ben):
    html = signup(client, "eve", "ben carter").content.decode()
    assert "Your claim to be ben carter waits for a moderator" in html
    eve = get_user_model().objects.get(username="eve")
    ben.refresh_from_db()
    assert ben.user is None  # nothing taken
    assert not Player.objects.filter(user=eve).exists()  # the account has no player yet
    assert PlayerClaim.objects.get().user == eve
    page = client.get(MINE).content.decode()
    assert "Your claim to be Ben Carter waits for a moderator." in page
    assert "Withdraw my claim" in page


def test_a_moderator_approves_from_the_queue_and_the_claimant_is_told(
    client, ben, django_capture_on_commit_callbacks
):
    signup(client, "eve", "Ben Carter")
    signup(Client(), "fay", "Ben Carter")
    mod = logged_in(moderator())
    queue = mod.get(QUEUE)
    assert [c.user.username for c in queue.context["claims"]] == ["eve", "fay"]
    assert queue.context["claims"][0].approved_games == 2
    assert "eve says they are" in queue.content.decode()
    eve_claim = PlayerClaim.objects.get(user__username="eve")
    with django_capture_on_commit_callbacks(execute=True):
        response = answer(mod, eve_claim, "approve", back="queue")
    assert response.redirect_chain[-1][0] == QUEUE
    assert "The claim of eve on Ben Carter is approved." in response.content.decode()
    ben.refresh_from_db()
    assert ben.user.username == "eve"
    assert not PlayerClaim.objects.exists()  # fay's claim on the same player is refused
    subjects = {message.to[0]: message.subject for message in mail.outbox}
    assert subjects == {
        "eve@example.com": "Your claim to be Ben Carter was approved",
        "fay@example.com": "Your claim to be Ben Carter was refused",
    }


def test_the_players_own_account_sees_the_claim_and_refuses_it(
    client, ben, django_capture_on_commit_callbacks
):
    owner = UserFactory(username="ben")
    Player.objects.filter(pk=ben.pk).update(user=owner)
    with django_capture_on_commit_callbacks(execute=True):
        signup(client, "eve", "Ben Carter")
    assert [m.to for m in mail.outbox] == [[owner.email]]  # the owner is told at once
    ben.refresh_from_db()
    assert ben.user == owner
    claim = PlayerClaim.objects.get()
    own = logged_in(owner)
    page = own.get(MINE).content.decode()
    assert "Another account says it is Ben Carter" in page and "Refuse this claim" in page
    assert answer(own, claim, "approve").status_code == 404  # only a moderator approves
    with django_capture_on_commit_callbacks(execute=True):
        assert "is refused" in answer(own, claim, "refuse").content.decode()
    assert not PlayerClaim.objects.exists()
    assert mail.outbox[-1].subject == "Your claim to be Ben Carter was refused"


def test_approving_moves_the_player_and_its_captaincy_from_its_previous_account(client, ben):
    old = UserFactory(username="old")
    Player.objects.filter(pk=ben.pk).update(user=old)
    team = TeamFactory(name="Owls", members=[ben])
    Team.objects.filter(pk=team.pk).update(captain=old)
    signup(client, "eve", "Ben Carter")
    answer(logged_in(moderator()), PlayerClaim.objects.get(), "approve")
    ben.refresh_from_db()
    assert ben.user.username == "eve" and not Player.objects.filter(user=old).exists()
    assert ben.seats.count() == 2  # the games stay the player's
    assert Team.objects.get(pk=team.pk).captain == ben.user


def test_the_claimant_withdraws_and_strangers_cannot_answer(client, ben):
    signup(client, "eve", "Ben Carter")
    claim = PlayerClaim.objects.get()
    stranger = logged_in(UserFactory(username="stranger"))
    assert answer(stranger, claim, "refuse").status_code == 404
    assert answer(stranger, claim, "approve").status_code == 404
    assert Client().post(reverse("games:claim_answer", args=[claim.pk])).status_code == 302
    assert answer(client, claim, "approve").status_code == 404  # not one's own
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(claim.user)
    assert strict.post(reverse("games:claim_answer", args=[claim.pk])).status_code == 403
    assert "is withdrawn" in answer(client, claim, "refuse").content.decode()
    assert not PlayerClaim.objects.exists() and Player.objects.get(pk=ben.pk).user is None


def test_a_moderator_does_not_approve_their_own_claim(ben):
    mod = logged_in(moderator())
    mod.post(reverse("games:claim"), {"player_name": "Ben Carter", "claim_player": "on"})
    assert answer(mod, PlayerClaim.objects.get(), "approve").status_code == 404
    assert Player.objects.get(pk=ben.pk).user is None


def test_only_moderators_see_the_queue(client, ben):
    assert client.get(QUEUE).status_code == 302  # log in first
    assert logged_in(UserFactory(username="someone")).get(QUEUE).status_code == 403
    assert logged_in(UserFactory(username="staffer", is_staff=True)).get(QUEUE).status_code == 403
    assert logged_in(moderator()).get(QUEUE).status_code == 200


def test_a_later_claim_from_an_account_without_a_player(ben):
    eve = logged_in(UserFactory(username="eve"))
    assert "Give your name in the league" in eve.get(MINE).content.decode()
    url = reverse("games:claim")
    refused = eve.post(url, {"player_name": "ben  carter"})
    assert refused.context["form"].errors["claim_player"][0].startswith("“ben carter” is")
    response = eve.post(url, {"player_name": "Ben Carter", "claim_player": "on"}, follow=True)
    assert "Your claim to be Ben Carter waits for a moderator." in response.content.decode()
    assert eve.get(url).status_code == 302  # one claim at a time
    dan = logged_in(UserFactory(username="dan"))
    dan.post(url, {"player_name": "Dan Newcomer"})
    assert Player.objects.get(name="Dan Newcomer").user.username == "dan"  # new: at once
    assert dan.get(url).status_code == 302  # has a player


def test_the_claimants_other_player_blocks_the_approval(client, ben):
    signup(client, "eve", "Ben Carter")
    claim = PlayerClaim.objects.get()
    PlayerFactory(name="Eve Elsewhere", user=claim.user)  # given by staff meanwhile
    html = answer(logged_in(moderator()), claim, "approve").content.decode()
    assert "eve already plays as another league player." in html
    assert Player.objects.get(pk=ben.pk).user is None and PlayerClaim.objects.exists()


def test_a_failing_mail_server_is_logged_and_the_decision_kept(
    client, ben, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    signup(client, "eve", "Ben Carter")

    def refuse_to_send(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("games.notifications.send_mail", refuse_to_send)
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        response = answer(logged_in(moderator()), PlayerClaim.objects.get(), "approve")
    assert response.status_code == 200
    assert Player.objects.get(pk=ben.pk).user.username == "eve"
    assert "Could not send the notice games/email/claim_decided.txt." in caplog.text


@pytest.fixture
def racing(settings, catalog_rows):
    """Real threads need committed rows; every racer posts from one address."""
    settings.LEAGUE_THROTTLES = {**settings.LEAGUE_THROTTLES, "signup": (10_000, 3600)}


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("racing")
def test_racing_claims_on_one_player_end_with_at_most_one_winner():
    from tests.test_races import at_once

    ben = PlayerFactory(name="Ben Carter")
    game(seats=[seat(ben, "Amanda Sharpe")])
    claimers = [f"claimer{n}" for n in range(6)]
    signups = at_once(
        [
            lambda name=name: signup(Client(raise_request_exception=False), name, "Ben Carter")
            for name in claimers
        ]
    )
    assert [getattr(r, "status_code", r) for r in signups] == [200] * len(claimers)
    assert Player.objects.get(pk=ben.pk).user is None  # a signup takes nobody's record
    assert PlayerClaim.objects.count() == len(claimers)

    for round_ in range(3):
        claims = list(PlayerClaim.objects.all()[:2])
        moderators = [moderator(f"mod{round_}-{n}") for n in range(2)]
        clients = [Client(raise_request_exception=False) for _ in moderators]
        for client, user in zip(clients, moderators, strict=True):
            client.force_login(user)
        answers = at_once(
            [
                lambda client=client, claim=claim: answer(client, claim, "approve")
                for client, claim in zip(clients, claims, strict=True)
            ]
        )
        codes = sorted(getattr(r, "status_code", r) for r in answers)
        # One approval won; the other found its claim refused by it (404), never a 500.
        assert codes == [200, 404], codes
        owner = Player.objects.get(pk=ben.pk).user
        assert owner is not None and owner.username in claimers
        assert not PlayerClaim.objects.exists()
        # The next round: two fresh claims on the player the winner now plays as.
        for name in (f"late{round_}-a", f"late{round_}-b"):
            signup(Client(), name, "Ben Carter")
        claimers = [f"late{round_}-a", f"late{round_}-b"]
