"""Team members: the captain adds public players and new names; a player someone else
has claimed is invited and joins only on accepting, from their "My games" page. Nothing
the captain sees tells a private player (no approved game) apart from a new name."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.text import slugify

from games.models import Player, TeamInvitation
from tests.factories import PlayerFactory, TeamFactory, UserFactory, game, seat

pytestmark = pytest.mark.django_db

MINE = reverse("games:mine")


@pytest.fixture
def owls(client):
    """Owls, captained by Cap (logged in). Bob and Dee have approved games; Dee has an
    account. Pia has one too but only a pending game; Una only a pending game."""
    cap = UserFactory(username="cap")
    team = TeamFactory(name="Owls", members=[PlayerFactory(name="Cap", user=cap)])
    team.captain = cap
    team.save()
    game(seats=[seat("Bob", "Amanda Sharpe", gate_trophies=1), seat("Dee", "Bob Jenkins")])
    game(status="pending", seats=[seat("Pia", "Amanda Sharpe"), seat("Una", "Bob Jenkins")])
    Player.objects.filter(name="Dee").update(user=UserFactory(username="dee"))
    Player.objects.filter(name="Pia").update(user=UserFactory(username="pia"))
    client.force_login(cap)
    return team


def members_url(team) -> str:
    return reverse("league:team_members", args=[team.slug])


def add(client, team, name: str):
    return client.post(members_url(team), {"player_name": name}, follow=True)


def roster(team) -> list[str]:
    return sorted(team.members.values_list("name", flat=True))


def public_members(client, team) -> list[str]:
    return [m["name"] for m in client.get(f"/api/teams/{team.slug}").json()["members"]]


def test_the_members_page_offers_only_public_players(client, owls):
    response = client.get(members_url(owls))
    assert list(response.context["player_names"]) == ["Bob", "Cap", "Dee"]  # Cap: own
    html = response.content.decode()
    assert "Pia" not in html and "Una" not in html


def test_a_public_unclaimed_player_joins_at_once(client, owls):
    response = add(client, owls, "  bob ")
    assert "Bob joined Owls." in response.content.decode()
    assert roster(owls) == ["Bob", "Cap"]
    assert public_members(Client(), owls) == ["Bob"]  # Cap has no approved game


def test_a_new_name_becomes_an_unclaimed_player_who_joins(client, owls):
    response = add(client, owls, "Newt Scamander")
    assert "Newt Scamander joined Owls." in response.content.decode()
    newt = Player.objects.get(name="Newt Scamander")
    assert newt.user is None and roster(owls) == ["Cap", "Newt Scamander"]
    assert "Newt" not in public_members(Client(), owls)  # no approved game yet


def test_a_claimed_player_is_invited_not_added(client, owls):
    html = add(client, owls, "dee").content.decode()
    assert "Dee has an account: they join Owls once they accept your invitation." in html
    assert roster(owls) == ["Cap"]
    invitation = TeamInvitation.objects.get()
    assert (invitation.team, invitation.player.name, invitation.invited_by) == (
        owls,
        "Dee",
        owls.captain,
    )
    page = client.get(members_url(owls))
    assert [p.name for p in page.context["invited"]] == ["Dee"]
    assert "Withdraw the invitation to Dee" in page.content.decode()
    assert public_members(Client(), owls) == []
    assert "Dee" not in Client().get(owls.get_absolute_url()).content.decode()
    again = add(client, owls, "Dee")
    assert again.context["form"].errors["player_name"] == ["Dee is already invited."]


def test_the_invited_player_accepts_on_my_games_and_joins(owls):
    add_as_captain(owls, "Dee")
    dee = Client()
    dee.force_login(Player.objects.get(name="Dee").user)
    html = dee.get(MINE).content.decode()
    invitation = TeamInvitation.objects.get()
    assert "Owls invites Dee to join the team." in html
    assert f'action="{reverse("league:team_invitation", args=[invitation.pk])}"' in html
    assert 'value="accept"' in html and 'value="decline"' in html
    response = dee.post(
        reverse("league:team_invitation", args=[invitation.pk]), {"answer": "accept"}
    )
    assert response.status_code == 302 and response["Location"] == MINE
    assert roster(owls) == ["Cap", "Dee"] and not TeamInvitation.objects.exists()
    assert public_members(Client(), owls) == ["Dee"]
    assert "You joined Owls." in dee.get(MINE).content.decode()


def test_the_invited_player_declines(owls):
    add_as_captain(owls, "Dee")
    dee = Client()
    dee.force_login(Player.objects.get(name="Dee").user)
    url = reverse("league:team_invitation", args=[TeamInvitation.objects.get().pk])
    assert dee.post(url, {"answer": "decline"}).status_code == 302
    assert roster(owls) == ["Cap"] and not TeamInvitation.objects.exists()
    assert dee.post(url, {"answer": "accept"}).status_code == 404  # answered already


def test_only_the_invited_player_answers_by_post_with_csrf(owls):
    add_as_captain(owls, "Dee")
    url = reverse("league:team_invitation", args=[TeamInvitation.objects.get().pk])
    assert Client().post(url, {"answer": "accept"}).status_code == 302  # log in first
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    assert stranger.post(url, {"answer": "accept"}).status_code == 404
    captain = Client()
    captain.force_login(owls.captain)
    assert captain.post(url, {"answer": "accept"}).status_code == 404  # not the captain's
    dee = Client(enforce_csrf_checks=True)
    dee.force_login(Player.objects.get(name="Dee").user)
    assert dee.get(url).status_code == 405
    assert dee.post(url, {"answer": "accept"}).status_code == 403  # no CSRF token
    assert roster(owls) == ["Cap"] and TeamInvitation.objects.count() == 1


def test_the_captain_withdraws_an_invitation(client, owls):
    add(client, owls, "Dee")
    dee = Player.objects.get(name="Dee")
    client.post(members_url(owls), {"remove": "1", "player": dee.pk})
    assert not TeamInvitation.objects.exists() and roster(owls) == ["Cap"]


def test_the_captain_adds_their_own_claimed_player_directly(client, owls):
    cap = Player.objects.get(name="Cap")
    owls.members.remove(cap)
    assert "Cap joined Owls." in add(client, owls, "Cap").content.decode()
    assert roster(owls) == ["Cap"] and not TeamInvitation.objects.exists()


def test_someone_who_is_not_the_captain_adds_nobody(owls):
    stranger = Client()
    stranger.force_login(Player.objects.get(name="Dee").user)
    assert stranger.post(members_url(owls), {"player_name": "Bob"}).status_code == 403
    assert stranger.get(members_url(owls)).status_code == 403
    assert roster(owls) == ["Cap"] and not TeamInvitation.objects.exists()


@pytest.mark.parametrize("hidden", ["Pia", "Una"])  # private: with an account, without
def test_a_private_name_answers_exactly_as_a_new_name(client, owls, hidden):
    """Whatever a private name is, the captain sees what a brand-new name gets."""
    seen = {}
    for name in (hidden, "Zed Newcomer"):
        response = add(client, owls, name)
        seen[name] = (
            response.status_code,
            response.redirect_chain,
            page_text(response).replace(slugify(name), "SLUG").replace(name, "NAME"),
        )
        again = add(client, owls, name)
        seen[name] += (again.context["form"].errors["player_name"][0].replace(name, "NAME"),)
        player = Player.objects.get(name=name)
        client.post(members_url(owls), {"remove": "1", "player": player.pk}, follow=True)
    assert seen[hidden] == seen["Zed Newcomer"]


def test_a_private_claimed_player_is_invited_all_the_same(client, owls):
    add(client, owls, "Pia")
    assert roster(owls) == ["Cap"]  # joins only on accepting
    assert TeamInvitation.objects.get().player.name == "Pia"
    page = client.get(members_url(owls))
    assert [p.name for p in page.context["members"]] == ["Cap", "Pia"]
    assert page.context["invited"] == []


def page_text(response) -> str:
    """The page's main content without what differs on every request (tokens, ids)."""
    html = response.content.decode()
    main = html[html.index("<main") : html.index("</main>")]
    main = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", main)
    return re.sub(r'name="player" value="\d+"', "", main)


def add_as_captain(team, name: str) -> None:
    captain = Client()
    captain.force_login(team.captain)
    assert add(captain, team, name).status_code == 200
