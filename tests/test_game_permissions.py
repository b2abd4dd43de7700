"""The permission matrix: every game URL × who asks × the game's status.

Moderation, others' edits and deletes come from model permissions (the "Moderators"
group); ``is_staff`` alone grants nothing. Status codes and the write's effect only: the
forms are not inspected here, so the matrix stays fast.
"""

import pytest

from games.models import Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "submitter", "other player", "bare staff", "moderator", "superuser")
STATUSES = ("pending", "approved", "rejected")
# What each role may do, whatever the status ("own pending" only for their pending games).
SEES_ALL = {"submitter": "own", "moderator": "all", "superuser": "all"}
MAY_CHANGE = {"submitter": "own pending", "moderator": "all", "superuser": "all"}
MAY_MODERATE = {"moderator", "superuser"}


def make_user(role):
    # No password: these tests log in with force_login, and hashing costs time.
    if role == "anonymous":
        return None
    if role == "submitter":
        user = UserFactory(username="sub", password=None)
        PlayerFactory(name="Ann", user=user)
        return user
    if role == "moderator":
        return moderator("mod", password=None)
    return UserFactory(
        username=role.replace(" ", "-"),
        password=None,
        is_staff=role in {"bare staff", "superuser"},
        is_superuser=role == "superuser",
    )


@pytest.fixture
def setup(client, request):
    role, status = request.param
    actor = make_user(role)
    submitter = actor if role == "submitter" else make_user("submitter")
    session = game(status=status, submitted_by=submitter)
    if actor is not None:
        client.force_login(actor)
    return client, role, status, session


def sees(role, status) -> bool:
    return status == "approved" or role in SEES_ALL


def may_change(role, status) -> bool:
    scope = MAY_CHANGE.get(role)
    return scope == "all" or (scope == "own pending" and status == "pending")


def guarded(role, status, allowed: bool, ok: int) -> int:
    """Login first, then a game you cannot see is 404, one you may not touch 403."""
    if role == "anonymous":
        return 302
    if not sees(role, status):
        return 404
    return ok if allowed else 403


MATRIX = [(role, status) for role in ROLES for status in STATUSES]


def url(name, session):
    return reverse(f"games:{name}", kwargs={"pk": session.pk})


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_the_game_page(setup):
    client, role, status, session = setup
    expected = 200 if sees(role, status) else 404
    assert client.get(url("detail", session)).status_code == expected


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_opening_the_edit_form(setup):
    client, role, status, session = setup
    expected = guarded(role, status, may_change(role, status), 200)
    response = client.get(url("edit", session))
    assert response.status_code == expected
    if role == "anonymous":
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_posting_an_edit(setup):
    client, role, status, session = setup
    allowed = may_change(role, status)
    data = result_form_data(terror_level=5, initial_rows=2)
    response = client.post(url("edit", session), data)
    assert response.status_code == guarded(role, status, allowed, 302)
    session.refresh_from_db()
    assert (session.terror_level == 5) is allowed
    assert session.status == status  # an edit never writes the status


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_opening_the_withdraw_page(setup):
    client, role, status, session = setup
    expected = guarded(role, status, may_change(role, status), 200)
    assert client.get(url("withdraw", session)).status_code == expected


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_withdrawing(setup):
    client, role, status, session = setup
    allowed = may_change(role, status)
    response = client.post(url("withdraw", session), {"version": session.version})
    assert response.status_code == guarded(role, status, allowed, 302)
    assert Session.objects.filter(pk=session.pk).exists() is not allowed


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_the_history_page(setup):
    client, role, status, session = setup
    # Permission first (403 for anyone without it), then the game.
    expected = 302 if role == "anonymous" else 200 if role in MAY_MODERATE else 403
    assert client.get(url("history", session)).status_code == expected


@pytest.mark.parametrize("setup", MATRIX, indirect=True, ids=lambda p: "-".join(p))
def test_moderating(setup):
    client, role, status, session = setup
    allowed = role in MAY_MODERATE
    target = "rejected" if status == "approved" else "approved"
    response = client.post(
        url("moderate", session),
        {"status": target, "version": session.version, "rejection_reason": "Seats doubled."},
    )
    expected = 302 if role == "anonymous" else 302 if allowed else 403
    assert response.status_code == expected
    session.refresh_from_db()
    assert session.status == (target if allowed else status)


@pytest.mark.parametrize(
    ("role", "expected"),
    [("submitter", "pending"), ("other player", "pending"), ("bare staff", "pending")]
    + [("moderator", "approved"), ("superuser", "approved")],
)
def test_only_moderators_results_are_approved_at_once(client, role, expected):
    user = make_user(role)
    client.force_login(user)
    response = client.post(reverse("games:new"), result_form_data())
    assert response.status_code == 302
    assert Session.objects.get().status == expected


def test_the_moderators_group_holds_exactly_the_moderation_permissions():
    from tests.factories import moderators_group

    codenames = set(moderators_group().permissions.values_list("codename", flat=True))
    assert codenames == {
        "moderate_session",
        "view_session",
        "change_session",
        "delete_session",
        "view_seat",
        "change_seat",
        "delete_seat",
        "view_player",
    }


def test_a_moderation_post_without_the_version_changes_nothing(client):
    session = game(status="pending", submitted_by=make_user("submitter"))
    client.force_login(make_user("moderator"))
    response = client.post(url("moderate", session), {"status": "approved"}, follow=True)
    session.refresh_from_db()
    assert session.status == "pending"
    assert "This game changed since you opened it" in response.content.decode()
