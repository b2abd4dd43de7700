"""Team members: the captain adds public players (and their own); a player someone else
has claimed, or one in another team, is invited and joins only on accepting, from their
"My games" page. A private name (no approved game) is refused in the very words a name
nobody has gets. Removing a member asks first; a team's captain is always a member."""

import re

import pytest
from django.test import Client

from games.models import Player, TeamInvitation
from tests.addresses import reverse
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


def remove_url(team, player) -> str:
    return reverse("league:team_member_remove", args=[team.slug, player.pk])


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


def test_a_new_name_is_refused_and_creates_nobody(client, owls):
    response = add(client, owls, "Newt  Scamander")
    assert response.context["form"].errors["player_name"] == [
        "No league player is called “Newt Scamander” yet: a player can join a team once "
        "they have an approved game."
    ]
    assert not Player.objects.filter(name="Newt Scamander").exists()
    assert 'value="Newt  Scamander"' in response.content.decode()  # what was typed is kept


def test_a_public_player_in_another_team_is_invited(client, owls):
    TeamFactory(name="Cats", members=["Bob"])
    html = add(client, owls, "bob").content.decode()
    assert "Bob plays in another team: they join Owls once they accept" in html
    assert roster(owls) == ["Cap"]
    assert TeamInvitation.objects.get().player.name == "Bob"
    # Once an account plays as Bob, it answers on its "My games" page.
    bob_account = UserFactory(username="bob")
    Player.objects.filter(name="Bob").update(user=bob_account)
    bob = Client()
    bob.force_login(bob_account)
    assert "Owls invites Bob to join the team." in bob.get(MINE).content.decode()


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


def test_the_captain_withdraws_an_invitation_after_confirming(client, owls):
    add(client, owls, "Dee")
    url = remove_url(owls, Player.objects.get(name="Dee"))
    page = client.get(url).content.decode()
    assert "Withdraw the invitation to Dee?" in page
    assert TeamInvitation.objects.exists()  # asking changed nothing
    client.post(url)
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


@pytest.mark.parametrize("hidden", ["Pia", "Una", "zqpend alpha"])
def test_a_private_name_is_refused_exactly_as_a_new_name(client, owls, hidden):
    """Whatever a private name is (with an account, without; spelt otherwise than typed),
    the captain sees what a name nobody has gets: their own words back, nothing else."""
    PlayerFactory(name="Zqpend Alpha")  # private: no game at all
    seen = {}
    for name in (hidden, "Zed Newcomer"):
        response = add(client, owls, name)
        seen[name] = page_text(response).replace(name, "NAME")
        assert "Zqpend Alpha" not in seen[name]
    assert seen[hidden] == seen["Zed Newcomer"]
    assert roster(owls) == ["Cap"] and not TeamInvitation.objects.exists()


def page_text(response) -> str:
    """The page's main content without what differs on every request (tokens, ids)."""
    html = response.content.decode()
    main = html[html.index("<main") : html.index("</main>")]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", main)


def add_as_captain(team, name: str) -> None:
    captain = Client()
    captain.force_login(team.captain)
    assert add(captain, team, name).status_code == 200


def test_removing_a_member_asks_first_and_needs_csrf(client, owls):
    add(client, owls, "Bob")
    url = remove_url(owls, Player.objects.get(name="Bob"))
    assert f'href="{url}"' in client.get(members_url(owls)).content.decode()
    page = client.get(url).content.decode()
    assert "Remove Bob from Owls?" in page and roster(owls) == ["Bob", "Cap"]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owls.captain)
    assert strict.post(url).status_code == 403 and roster(owls) == ["Bob", "Cap"]
    response = client.post(url, follow=True)
    assert "Bob is no longer on Owls." in response.content.decode()
    assert roster(owls) == ["Cap"]
    assert client.get(url).status_code == 404  # no longer on the team
    stranger = Client()
    stranger.force_login(Player.objects.get(name="Dee").user)
    assert stranger.get(remove_url(owls, Player.objects.get(name="Cap"))).status_code == 403


def test_the_captain_leaves_by_naming_the_next_captain(client, owls):
    dee = Player.objects.get(name="Dee")
    owls.members.add(dee, Player.objects.get(name="Bob"))  # Bob has no account
    cap = Player.objects.get(name="Cap")
    url = remove_url(owls, cap)
    page = client.get(url)
    assert [p.name for p in page.context["successors"]] == ["Dee"]
    assert "Name the member who captains it next" in page.content.decode()
    refused = client.post(url, {"new_captain": Player.objects.get(name="Bob").pk})
    assert refused.status_code == 200 and refused.context["form"].errors["new_captain"]
    assert roster(owls) == ["Bob", "Cap", "Dee"]
    client.post(url, {"new_captain": dee.pk})
    owls.refresh_from_db()
    assert owls.captain == dee.user and roster(owls) == ["Bob", "Dee"]
    assert client.get(members_url(owls)).status_code == 403  # no longer the captain


def test_the_captain_cannot_leave_while_nobody_can_take_over(client, owls):
    owls.members.add(Player.objects.get(name="Bob"))
    url = remove_url(owls, Player.objects.get(name="Cap"))
    page = client.get(url).content.decode()
    assert "no other member has an account to take over" in page
    assert 'type="submit"' not in page.split("<main", 1)[1].split("</main>")[0]
    response = client.post(url)
    assert response.status_code == 200
    assert "Cap captains Owls: name another member with an account captain first." in (
        response.content.decode()
    )
    owls.refresh_from_db()
    assert roster(owls) == ["Bob", "Cap"] and owls.captain.username == "cap"


def test_the_last_member_leaving_ends_the_captaincy(client, owls):
    url = remove_url(owls, Player.objects.get(name="Cap"))
    assert "will have no members and no captain" in client.get(url).content.decode()
    client.post(url)
    owls.refresh_from_db()
    assert roster(owls) == [] and owls.captain is None


def test_the_team_page_names_only_a_captain_who_is_a_member_and_counts_the_unnamed(owls):
    game(seats=[seat("Cap", "Amanda Sharpe")])  # Cap is public now
    owls.members.add(Player.objects.get(name="Bob"), Player.objects.get(name="Una"))
    html = Client().get(owls.get_absolute_url()).content.decode()
    assert "Captain: <a" in html
    assert "and 1 member not yet shown (no approved game)." in html and "Una" not in html
    owls.members.remove(Player.objects.get(name="Cap"))  # e.g. by staff in the admin
    html = Client().get(owls.get_absolute_url()).content.decode()
    assert "Captain" not in html


def test_an_account_without_a_league_player_captains_no_team():
    nobody = Client()
    nobody.force_login(UserFactory(username="nobody"))
    response = nobody.post(reverse("league:team_new"), {"name": "Ghosts"})
    assert response.context["form"].errors["name"] == [
        "Your account needs a league name before it captains a team."
    ]
