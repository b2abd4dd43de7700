"""League roles (issue 32, items 3 and 4): a league's moderators and organisers act in
that league and no other; members create leagues (bounded), join a public one, ask to
join an invitation-only one, leave; organisers invite, answer, name roles and keep one
organiser at least.

``in_league`` answers the first league's addresses as another league's, so one set of
addresses serves every test; ``test_league_addresses`` shows each league at its own."""

import pytest

from games.models import Session
from games.permissions import can_moderate, initial_status, session_editable_by
from games.recording import session_moderate
from league import current
from league.models import LEAGUES_PER_MEMBER, JoinRequest, League, Membership, Visibility
from league.organise.roles import can_organise
from tests.addresses import reverse
from tests.factories import LeagueFactory, UserFactory, first_league, game, member_of, seat

pytestmark = pytest.mark.django_db

QUEUE = reverse("games:pending")
ORGANISE = reverse("league:organise")
PEOPLE = reverse("league:organise_people")
SETTINGS = reverse("league:organise_settings")
NEW_LEAGUE = reverse("leagues:new")


@pytest.fixture
def in_league(monkeypatch):
    """``in_league(league)``: every request from now on is about ``league``."""

    def use(league):
        monkeypatch.setattr(current, "readable_league", lambda slug, user: league)

    return use


@pytest.fixture
def saturday():
    return LeagueFactory(name="Saturday")


def pending_game(league) -> Session:
    submitter = UserFactory(username=f"sub-{league.slug}")
    return game(league=league, status="pending", submitted_by=submitter, seats=[seat("Ann")])


def membership_url(league) -> str:
    return reverse("leagues:membership", args=[league.slug])


def role(user, league) -> str | None:
    return (
        Membership.objects.filter(user=user, league=league).values_list("role", flat=True).first()
    )


# -- Moderation stays in its league ---------------------------------------------------------


def test_a_moderator_of_b_moderates_b_only(saturday):
    arkham = first_league()
    mod = member_of(UserFactory(username="sam"), saturday, "moderator")
    assert can_moderate(mod, saturday) and not can_moderate(mod, arkham)
    assert initial_status(mod, saturday) == "approved"
    assert initial_status(mod, arkham) == "pending"
    theirs = pending_game(arkham)
    assert not session_editable_by(theirs, mod)
    with pytest.raises(PermissionError):
        session_moderate(
            session_id=theirs.pk, status="approved", seen_version=theirs.version, moderator=mod
        )
    theirs.refresh_from_db()
    assert theirs.status == "pending"


def test_a_moderator_of_b_neither_sees_nor_approves_the_pending_games_of_a(
    client, saturday, in_league
):
    arkham = first_league()
    theirs, ours = pending_game(arkham), pending_game(saturday)
    client.force_login(member_of(UserFactory(username="sam"), saturday, "moderator"))
    in_league(arkham)
    assert client.get(QUEUE).status_code == 403
    decision = {"status": "approved", "version": theirs.version}
    assert client.post(reverse("games:moderate", args=[theirs.pk]), decision).status_code == 403
    assert 'data-testid="pending-link"' not in client.get(reverse("league:home")).content.decode()
    in_league(saturday)
    queue = client.get(QUEUE)
    assert [g.pk for g in queue.context["games"]] == [ours.pk]
    assert 'data-testid="pending-link"' in queue.content.decode()
    assert client.post(reverse("games:moderate", args=[theirs.pk]), decision).status_code == 404
    client.post(QUEUE, {**decision, "game": theirs.pk})
    theirs.refresh_from_db()
    assert theirs.status == "pending"
    # Their own league's game they approve from the queue.
    client.post(QUEUE, {"status": "approved", "version": ours.version, "game": ours.pk})
    ours.refresh_from_db()
    assert ours.status == "approved"


def test_a_league_moderator_reads_a_pending_game_of_their_league(client, saturday, in_league):
    ours = pending_game(saturday)
    client.force_login(member_of(UserFactory(username="sam"), saturday, "moderator"))
    in_league(saturday)
    page = client.get(ours.get_absolute_url())
    assert page.status_code == 200 and page.context["can_moderate"]


def test_site_staff_moderate_and_organise_every_league(saturday):
    root = UserFactory(username="root", is_superuser=True)
    staff_only = UserFactory(username="desk", is_staff=True)
    for league in (first_league(), saturday):
        assert can_moderate(root, league) and can_organise(root, league)
        assert not can_moderate(staff_only, league) and not can_organise(staff_only, league)


# -- The Organise area stays in its league --------------------------------------------------


def test_an_organiser_of_b_cannot_open_the_organise_pages_of_a(client, saturday, in_league):
    client.force_login(member_of(UserFactory(username="olga"), saturday, "organiser"))
    pages = [ORGANISE, PEOPLE, SETTINGS, reverse("league:organise_scenarios")]
    in_league(first_league())
    assert [client.get(url).status_code for url in pages] == [403] * len(pages)
    assert client.post(PEOPLE, {"username": "olga", "role": "organisers"}).status_code == 403
    assert 'data-testid="organise-link"' not in client.get(reverse("league:home")).content.decode()
    in_league(saturday)
    assert [client.get(url).status_code for url in pages] == [200] * len(pages)


def test_the_people_page_lists_the_members_with_their_roles(client, saturday, in_league):
    olga = member_of(UserFactory(username="olga"), saturday, "organiser")
    member_of(UserFactory(username="zed"), saturday)
    member_of(UserFactory(username="elsewhere"), first_league())
    client.force_login(olga)
    in_league(saturday)
    page = client.get(PEOPLE)
    assert [(m.user.username, m.role) for m in page.context["memberships"]] == [
        ("olga", "organiser"),
        ("zed", "member"),
    ]
    assert "elsewhere" not in page.content.decode()


def test_naming_and_removing_roles_changes_this_league_only(client, saturday, in_league):
    olga = member_of(UserFactory(username="olga"), saturday, "organiser")
    kit = member_of(UserFactory(username="kit"), first_league(), "moderator")
    client.force_login(olga)
    in_league(saturday)
    client.post(PEOPLE, {"username": "kit", "role": "moderators"})
    assert role(kit, saturday) == "moderator" and role(kit, first_league()) == "moderator"
    client.post(reverse("league:organise_role_remove", args=["moderators", kit.pk]))
    assert role(kit, saturday) == "member" and role(kit, first_league()) == "moderator"


def test_the_last_organiser_is_kept(client, saturday, in_league):
    olga = member_of(UserFactory(username="olga"), saturday, "organiser")
    client.force_login(olga)
    in_league(saturday)
    removal = client.post(
        reverse("league:organise_role_remove", args=["organisers", olga.pk]), follow=True
    )
    assert "olga is the last organiser: name another one first." in removal.content.decode()
    leaving = client.post(membership_url(saturday), {"action": "leave"}, follow=True)
    assert "olga is the last organiser" in leaving.content.decode()
    assert role(olga, saturday) == "organiser"
    # Nor is an organiser made a mere moderator behind the guard's back.
    client.post(PEOPLE, {"username": "olga", "role": "moderators"})
    assert role(olga, saturday) == "organiser"
    member_of(UserFactory(username="ivy"), saturday, "organiser")
    client.post(membership_url(saturday), {"action": "leave"})
    assert role(olga, saturday) is None


# -- Joining --------------------------------------------------------------------------------


def test_a_member_joins_a_public_league_with_one_button(client, saturday, in_league):
    ann = UserFactory(username="ann")
    client.force_login(ann)
    in_league(saturday)
    home = client.get(reverse("league:home")).content.decode()
    assert f'action="{membership_url(saturday)}"' in home and 'data-testid="join-league"' in home
    response = client.post(membership_url(saturday), {"action": "join"}, follow=True)
    assert "you are a member now" in response.content.decode()
    assert role(ann, saturday) == "member"
    assert 'data-testid="join-league"' not in client.get(reverse("league:home")).content.decode()
    client.post(membership_url(saturday), {"action": "leave"})
    assert role(ann, saturday) is None


def test_joining_needs_a_signed_in_member(client, saturday):
    response = client.post(membership_url(saturday), {"action": "join"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not Membership.objects.filter(league=saturday).exists()


def test_an_invitation_only_league_is_asked_then_answered(client, in_league):
    club = LeagueFactory(name="Club", visibility=Visibility.INVITATION)
    olga = member_of(UserFactory(username="olga"), club, "organiser")
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    for asker in (ann, bob):
        client.force_login(asker)
        page = client.get(membership_url(club)).content.decode()
        assert "Ask to join" in page
        client.post(membership_url(club), {"action": "join"})
        assert role(asker, club) is None
    again = client.post(membership_url(club), {"action": "join"}, follow=True)
    assert "You have already asked to join" in again.content.decode()
    client.force_login(olga)
    in_league(club)
    asked = {r.user.username: r for r in client.get(PEOPLE).context["join_requests"]}
    assert set(asked) == {"ann", "bob"}
    join_request = reverse("league:organise_join_request", args=[asked["ann"].pk])
    client.post(join_request, {"answer": "approve"})
    client.post(reverse("league:organise_join_request", args=[asked["bob"].pk]), {"answer": "no"})
    assert role(ann, club) == "member" and role(bob, club) is None
    assert not JoinRequest.objects.exists()
    gone = client.post(join_request, {"answer": "approve"}, follow=True)
    assert "That request is no longer here" in gone.content.decode()


def test_an_organiser_invites_an_account_to_an_invitation_only_league(client, saturday, in_league):
    club = LeagueFactory(name="Club", visibility=Visibility.INVITATION)
    client.force_login(member_of(UserFactory(username="olga"), club, "organiser"))
    cid = UserFactory(username="cid")
    in_league(club)
    client.post(PEOPLE, {"invite": "1", "username": "cid"})
    assert role(cid, club) == "member"
    again = client.post(PEOPLE, {"invite": "1", "username": "cid"})
    assert again.status_code == 200 and "cid is already a member." in again.content.decode()
    unknown = client.post(PEOPLE, {"invite": "1", "username": "nobody"})
    assert unknown.context["invite_form"]["username"].value() == "nobody"
    assert "No active account is named “nobody”." in unknown.content.decode()
    # A public league invites nobody: anyone joins it.
    member_of(UserFactory(username="olga"), saturday, "organiser")
    in_league(saturday)
    refused = client.post(PEOPLE, {"invite": "1", "username": "cid"}, follow=True)
    assert "Anyone may join this league" in refused.content.decode()
    assert role(cid, saturday) is None


# -- Creating a league and its settings -----------------------------------------------------


def league_data(n: int) -> dict:
    return {
        "name": f"Table {n}",
        "slug": f"table-{n}",
        "description": "Tuesdays",
        "visibility": "public",
    }


def test_a_member_creates_leagues_up_to_the_bound(client):
    maker = UserFactory(username="maker")
    client.force_login(maker)
    assert client.get(NEW_LEAGUE).status_code == 200
    for n in range(LEAGUES_PER_MEMBER):
        response = client.post(NEW_LEAGUE, league_data(n))
        assert response.status_code == 302, response.content
    made = League.objects.get(slug="table-0")
    assert made.created_by == maker and made.name == "Table 0"
    assert role(maker, made) == "organiser"
    refused = client.post(NEW_LEAGUE, league_data(99))
    assert refused.status_code == 200
    assert f"You have created {LEAGUES_PER_MEMBER} leagues already" in refused.content.decode()
    assert refused.context["form"]["name"].value() == "Table 99"  # what was typed stays
    assert not League.objects.filter(slug="table-99").exists()


def test_a_league_needs_its_own_address_and_a_signed_in_member(client):
    assert client.get(NEW_LEAGUE).status_code == 302
    client.force_login(UserFactory(username="maker"))
    taken = client.post(NEW_LEAGUE, {**league_data(1), "slug": first_league().slug})
    assert taken.status_code == 200 and taken.context["form"].errors["slug"]
    bad = client.post(NEW_LEAGUE, {**league_data(2), "slug": "no spaces", "name": "x" * 81})
    assert set(bad.context["form"].errors) == {"slug", "name"}
    assert League.objects.count() == 1


def test_an_organiser_edits_the_settings_but_not_the_address(client, saturday, in_league):
    client.force_login(member_of(UserFactory(username="olga"), saturday, "organiser"))
    in_league(saturday)
    data = {"name": "Saturday Night", "description": "Bring snacks", "visibility": "invitation"}
    client.post(SETTINGS, {**data, "slug": "moved"})
    saturday.refresh_from_db()
    assert (saturday.name, saturday.slug, saturday.visibility) == (
        "Saturday Night",
        "saturday",
        "invitation",
    )
    refused = client.post(SETTINGS, {**data, "name": first_league().name})
    assert refused.status_code == 200 and refused.context["form"].errors["name"]
