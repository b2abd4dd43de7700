"""A member's navigation from the shared cache (league.caching.nav_facts): cheap, their own,
and never stale after a change to who they are or what they may do."""

import pytest
from django.contrib.auth import HASH_SESSION_KEY
from django.contrib.auth.models import Group
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.budgets import CACHE_READ
from tests.factories import UserFactory, game, moderator, moderators_group

pytestmark = pytest.mark.django_db

HOME = reverse("league:home")
PENDING_LINK = b'data-testid="pending-link"'


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hit(client, url=HOME):
    response = client.get(url)
    assert response.status_code == 200 and response["X-Cache"] == "hit", url
    return response


@pytest.fixture(autouse=True)
def league():
    game()
    Client().get(HOME)  # the visitors' copy, so the first member is the members' miss


def test_a_warm_member_hit_reads_no_user_and_no_permission(django_assert_num_queries):
    member = signed_in(UserFactory(username="member"))
    member.get(HOME)
    hit(member)  # facts stored
    # The session, the page and the nav's facts in one cache call; nothing else.
    with CaptureQueriesContext(connection) as queries:
        response = hit(member)
    tables = " ".join(query["sql"] for query in queries.captured_queries)
    assert "auth_user" not in tables and "auth_permission" not in tables
    assert "django_session" not in tables
    assert len(queries) == CACHE_READ
    assert b"Log out" in response.content and b"My games" in response.content


def test_a_revoked_moderator_loses_the_link_at_the_next_request():
    boss = moderator()
    client = signed_in(boss)
    client.get(HOME)
    assert PENDING_LINK in hit(client).content
    boss.groups.remove(moderators_group())
    assert PENDING_LINK not in hit(client).content
    boss.groups.add(moderators_group())
    assert PENDING_LINK in hit(client).content


def test_a_groups_permission_taken_away_takes_the_link_from_its_members():
    client = signed_in(moderator())
    client.get(HOME)
    assert PENDING_LINK in hit(client).content
    Group.objects.get(name="Moderators").permissions.clear()
    assert PENDING_LINK not in hit(client).content


def test_staff_taken_away_loses_the_admin_link():
    staff = UserFactory(username="staff", is_staff=True)
    client = signed_in(staff)
    client.get(HOME)
    assert b">Admin<" in hit(client).content
    staff.is_staff = False
    staff.save()
    assert b">Admin<" not in hit(client).content


def test_a_new_password_signs_the_other_sessions_out_of_cached_pages():
    ann = UserFactory(username="ann")
    laptop, phone = signed_in(ann), signed_in(ann)
    laptop.get(HOME)
    assert b"Log out" in hit(laptop).content and b"Log out" in hit(phone).content
    ann.set_password("a-new-long-password-77")
    ann.save()
    page = hit(phone)  # the visitors' copy now, with the visitors' navigation
    assert b"Log out" not in page.content and b"Log in" in page.content
    assert "private" not in page.get("Cache-Control", "")


def test_a_deactivated_member_is_a_visitor_at_once():
    bob = UserFactory(username="bob")
    client = signed_in(bob)
    client.get(HOME)
    assert b"Log out" in hit(client).content
    bob.is_active = False
    bob.save()
    assert b"Log in" in hit(client).content


def test_a_log_in_keeps_everyones_facts():
    """A new account and a log-in (it saves last_login) change no fact of anyone's: nobody's
    are asked again."""
    client = signed_in(UserFactory(username="cy"))
    client.get(HOME)
    hit(client)
    signed_in(UserFactory(username="dee"))
    with CaptureQueriesContext(connection) as queries:
        hit(client)
    assert "auth_user" not in " ".join(query["sql"] for query in queries.captured_queries)


def test_one_members_facts_never_serve_another():
    """Facts are per user and checked against the session's hash: a moderator's and a
    member's navigations stay their own, whoever asked first."""
    boss, member = signed_in(moderator(is_staff=True)), signed_in(UserFactory(username="m"))
    boss.get(HOME)
    for _ in range(2):
        assert PENDING_LINK in hit(boss).content and b">Admin<" in hit(boss).content
        page = hit(member).content
        assert PENDING_LINK not in page and b">Admin<" not in page


def test_a_session_whose_hash_is_not_the_members_is_nobodys():
    """The facts are taken only for a session carrying the member's own session hash (as
    Django checks it): one with another hash is signed out, as Django would."""
    ann = UserFactory(username="ann")
    client = signed_in(ann)
    client.get(HOME)
    assert b"Log out" in hit(client).content
    session = client.session
    session[HASH_SESSION_KEY] = "0" * 64
    session.save()
    page = hit(client)
    assert b"Log out" not in page.content and b"Log in" in page.content
